// The one lookup table from the contract's icon names (src/contract/icons.ts) to the icons drawn. The drawings are
// lucide's, rendered into the sprite public/icons.svg by scripts/icon-sprite.mjs (npm test checks it is current): the
// post page shows any of 15 icons, and referencing the sprite (SpriteIcon) keeps their path data out of every reader's
// JavaScript.
import type { HeaderIcon } from '../../contract/icons';
import { SpriteIcon } from './SpriteIcon';

// lucide 1.x has no brand icons, so Youtube is a play button; Edit and Share are real icons (the original's
// Edit3/Share2 lookup bug is not copied). The value is the lucide icon's name, kept as its class as lucide does.
const ICONS: Record<HeaderIcon, string> = {
  Dumbbell: 'dumbbell',
  Youtube: 'square-play',
  Camera: 'camera',
  Users: 'users',
  Settings: 'settings',
  Edit: 'square-pen',
  Share: 'share-2',
  Search: 'search',
  Star: 'star',
  Heart: 'heart',
  Globe: 'globe',
  Music: 'music',
  Trophy: 'trophy',
  TrendingUp: 'trending-up',
  Bell: 'bell',
};

/** The name actually drawn: the given one when known, otherwise 'Settings' (an unknown name falls back to it). */
export function resolveIconName(name: string): HeaderIcon {
  return Object.prototype.hasOwnProperty.call(ICONS, name) ? (name as HeaderIcon) : 'Settings';
}

export type IconProps = {
  /** A contract icon name; anything else (stored posts may hold any string) renders Settings. */
  name: string;
  size?: number;
  className?: string;
  /** When given, the icon is announced with this text; otherwise it is decorative (aria-hidden). */
  label?: string;
};

export function Icon({ name, size = 24, className, label }: IconProps) {
  const resolved = resolveIconName(name);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <SpriteIcon
      name={resolved}
      size={size}
      className={`lucide lucide-${ICONS[resolved]}${className ? ` ${className}` : ''}`}
      attributes={{ 'data-icon': resolved, focusable: 'false', ...a11y }}
    />
  );
}
