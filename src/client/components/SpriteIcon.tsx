// The one component that draws an icon from the sprite, public/icons.svg, which lucide draws (scripts/icon-sprite.mjs):
// lucide's icon runtime and the icons' path data would otherwise be in every visitor's entry chunk. Sized and stroked
// like lucide's components. The chrome (top bar, tab bar, theme toggle) uses it directly, always decorative; Icon.tsx
// puts the contract's icon names on top of it.
import type { SVGProps } from 'react';
import type { HeaderIcon } from '../../contract/icons';

/** The sprite's chrome symbols (scripts/icon-sprite.mjs CHROME_ICONS), plus Search and Trophy from its contract icons. */
export type SpriteIconName = 'House' | 'Newspaper' | 'LayoutDashboard' | 'Sun' | 'Moon' | 'Search' | 'Trophy';

export type SpriteIconProps = {
  /** A symbol of the sprite: a chrome icon or a contract icon. */
  name: SpriteIconName | HeaderIcon;
  size?: number;
  className?: string;
  /** When given, the icon is announced with this text; otherwise it is decorative (aria-hidden). */
  label?: string;
  'data-icon'?: string;
  focusable?: SVGProps<SVGSVGElement>['focusable'];
};

export function SpriteIcon({ name, size = 24, className, label, ...attributes }: SpriteIconProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...attributes}
      {...a11y}
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
