// Writes public/icons.svg: one <symbol> per contract icon, drawn by lucide itself (rendered to markup here, never
// copied by hand). The post page's icons reference it (<use href="/icons.svg#trophy">), so their path data is a
// cached file instead of JavaScript every reader downloads. `node scripts/icon-sprite.mjs --check` fails when the
// committed sprite differs from what lucide draws (tests run it).
import { readFileSync, writeFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';

const root = new URL('..', import.meta.url).pathname;
const file = `${root}public/icons.svg`;

// The contract's icon names (src/contract/icons.ts) and the lucide icon each draws (see src/client/components/Icon.tsx).
export const SPRITE_ICONS = {
  Dumbbell: 'Dumbbell',
  Youtube: 'SquarePlay',
  Camera: 'Camera',
  Users: 'Users',
  Settings: 'Settings',
  Edit: 'SquarePen',
  Share: 'Share2',
  Search: 'Search',
  Star: 'Star',
  Heart: 'Heart',
  Globe: 'Globe',
  Music: 'Music',
  Trophy: 'Trophy',
  TrendingUp: 'TrendingUp',
  Bell: 'Bell',
};

// The chrome's icons (top bar, tab bar, theme toggle: src/client/shell/Layout.tsx, features/theme/ThemeToggle.tsx), by
// their lucide names: from the sprite, lucide's icon runtime and their path data stay out of every visitor's entry.
export const CHROME_ICONS = ['House', 'Newspaper', 'LayoutDashboard', 'Sun', 'Moon'];

const symbols = [...Object.entries(SPRITE_ICONS), ...CHROME_ICONS.map((name) => [name, name])].map(
  ([name, component]) => {
    const markup = renderToStaticMarkup(createElement(lucide[component]));
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(markup)?.[1];
    if (!inner) throw new Error(`icon-sprite: lucide drew nothing for ${component}`);
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  },
);
const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;

if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== sprite) {
    console.error('icon-sprite: public/icons.svg is out of date; run node scripts/icon-sprite.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(file, sprite);
  console.log(
    `icon-sprite: ${Object.keys(SPRITE_ICONS).length + CHROME_ICONS.length} icons written to public/icons.svg`,
  );
}
