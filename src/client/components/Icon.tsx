// The one lookup table from the contract's icon names (src/contract/icons.ts) to lucide components.
import {
  Bell,
  Camera,
  Dumbbell,
  Globe,
  Heart,
  Music,
  Search,
  Settings,
  Share2,
  SquarePen,
  SquarePlay,
  Star,
  TrendingUp,
  Trophy,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { HeaderIcon } from '../../contract/icons';

// Every header icon name (the section names are a subset). lucide 1.x has no brand icons, so Youtube is a
// play button; Edit and Share are real icons (the original's Edit3/Share2 lookup bug is not copied).
const ICONS: Record<HeaderIcon, LucideIcon> = {
  Dumbbell,
  Youtube: SquarePlay,
  Camera,
  Users,
  Settings,
  Edit: SquarePen,
  Share: Share2,
  Search,
  Star,
  Heart,
  Globe,
  Music,
  Trophy,
  TrendingUp,
  Bell,
};

/** The name actually drawn: the given one when known, otherwise 'Settings' (SPEC 2). */
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
  const Component = ICONS[resolved];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return <Component size={size} className={className} data-icon={resolved} focusable="false" {...a11y} />;
}
