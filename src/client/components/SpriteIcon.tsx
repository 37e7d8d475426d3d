// The one component that draws an icon from the sprite, public/icons.svg, which lucide draws (scripts/icon-sprite.mjs):
// lucide's icon runtime and the icons' path data would otherwise be in every visitor's entry chunk. Sized and stroked
// like lucide's components. The chrome (top bar, tab bar, theme toggle) uses it directly, always decorative; Icon.tsx
// puts the contract's icon names on top of it.
import type { SVGProps } from 'react';
import type { HeaderIcon } from '../../contract/icons';

/** The sprite's chrome symbols (scripts/icon-sprite.mjs CHROME_ICONS), plus Search and Trophy from its contract icons. */
export type SpriteIconName = 'House' | 'Newspaper' | 'LayoutDashboard' | 'Sun' | 'Moon' | 'Search' | 'Trophy';

const DECORATIVE = { 'aria-hidden': true } as const;

export type SpriteIconProps = {
  /** A symbol of the sprite: a chrome icon or a contract icon. */
  name: SpriteIconName | HeaderIcon;
  size?: number;
  className?: string;
  /** The svg's further attributes, after the drawing ones. Without them the icon is decorative (aria-hidden). */
  attributes?: SVGProps<SVGSVGElement> & { 'data-icon'?: string };
};

export function SpriteIcon({ name, size = 24, className, attributes = DECORATIVE }: SpriteIconProps) {
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
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
