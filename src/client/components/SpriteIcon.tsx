// The chrome's icons (top bar, tab bar, theme toggle) drawn from the icon sprite, public/icons.svg, which lucide draws
// (scripts/icon-sprite.mjs): lucide's icon runtime and the icons' path data would otherwise be in every visitor's
// entry chunk. Sized and stroked like lucide's components, and always decorative (hidden from assistive technology).

/** The sprite's chrome symbols (scripts/icon-sprite.mjs CHROME_ICONS), plus Search and Trophy from its contract icons. */
export type SpriteIconName = 'House' | 'Newspaper' | 'LayoutDashboard' | 'Sun' | 'Moon' | 'Search' | 'Trophy';

export function SpriteIcon({ name, size = 24 }: { name: SpriteIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
