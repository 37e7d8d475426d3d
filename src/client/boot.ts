// The only script of a server-rendered page (the server puts it in place of the app's entry): small, so it costs the
// first paint nothing, and it loads the app once the page has loaded.
//
// A server-rendered page is complete without JavaScript: it carries its styles and its data, and its links are real
// links. So its app is fetched after the page's `load` event (the HTML and its eager images, the hero first), not
// alongside it: on a slow connection the text and the hero image get the bandwidth and the main thread first, and
// the app (about 110 KB) follows. The server names the app's entry and the page's chunk in a meta tag
// (ROUTE_MODULES_META) rather than as <link rel="modulepreload">, which would fetch them at once; they are imported
// together, so neither waits for the other. Pages rendered in the browser (/auth, the admin area, `npm run dev`) load
// the app at once, as index.html says, and never run this file.
import { ROUTE_MODULES_META } from '../contract/rendering';
import { APP_HYDRATING_EVENT, THEME_TOGGLE_ATTRIBUTE } from './app/serverState';

/**
 * The theme toggle works before the app does: it flips <html data-theme> and stores the choice where the inline
 * script of index.html and the app's theme slice read it (localStorage 'theme'). The app reads it when it
 * starts hydrating, and its toggle then names the other theme. Every other control of a server-rendered page is a link.
 */
function toggleThemeEarly(event: MouseEvent) {
  const toggle = event.target instanceof Element && event.target.closest(`[${THEME_TOGGLE_ATTRIBUTE}]`);
  if (!toggle) return;
  const next = document.documentElement.dataset.theme === 'light' ? 'dark' : 'light';
  document.documentElement.dataset.theme = next;
  // Its name says what the next press does, as the app's toggle (ThemeToggle.tsx) does; the app re-renders it anyway.
  const label = next === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  toggle.setAttribute('aria-label', label);
  toggle.setAttribute('title', label);
  try {
    localStorage.setItem('theme', next);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page.
  }
}

const modules = document.querySelector<HTMLMetaElement>(`meta[name="${ROUTE_MODULES_META}"]`)?.content.split(' ');
document.addEventListener('click', toggleThemeEarly);
document.addEventListener(APP_HYDRATING_EVENT, () => document.removeEventListener('click', toggleThemeEarly));
// A module script runs before the load event. A task of its own after it, so the app's first task does not lengthen
// the one that fired it.
addEventListener('load', () => setTimeout(() => modules?.forEach((url) => void import(/* @vite-ignore */ url))), {
  once: true,
});
