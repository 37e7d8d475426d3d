// The browser's entry: hydrates a server-rendered page from the state it embeds, or renders the app from scratch.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { SERVER_STATE_LOADED } from './api/blogApi';
import { makeStore } from './app/store';
import type { AppStore } from './app/store';
import { AppRoutes, MissingUrl } from './shell/router';
import { APP_HYDRATING_EVENT, SERVER_STATE_ID } from './app/serverState';
import type { ServerState } from './app/serverState';
import { seedMarkTrees } from './components/RichText';
import './styles/global.scss';

/** A new task: the browser may paint or handle input before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root')!;
const app = (store: AppStore, missing?: string) => (
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <MissingUrl value={missing}>
          <AppRoutes />
        </MissingUrl>
      </BrowserRouter>
    </Provider>
  </StrictMode>
);

/**
 * Loads the page's data into a new store and hydrates the markup, in tasks of their own rather than one long one with
 * the evaluation of the modules: on a slow phone the steps add up to a main thread blocked for a noticeable time.
 * (Not top-level await: the pages' chunks import from this one, and Rolldown then splits the modules they share
 * with it into a dozen small files.)
 */
async function hydrate(embedded: string) {
  await nextTask();
  const { api, missing, marks } = JSON.parse(embedded) as ServerState;
  seedMarkTrees(marks);
  await nextTask();
  // One task from here to hydrateRoot: the store reads the stored theme, which boot.ts may have changed until the
  // event below, and from the event on React answers clicks (replaying one on a part not hydrated yet).
  const store = makeStore();
  store.dispatch({ type: SERVER_STATE_LOADED, payload: api });
  document.dispatchEvent(new Event(APP_HYDRATING_EVENT));
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page (React hydrates at default priority, in one task, otherwise). The page is already painted, so
  // nothing waits for it; a click meanwhile makes React hydrate that part first.
  startTransition(() => {
    hydrateRoot(container, app(store, missing));
  });
}

// A server-rendered page carries the data it was rendered from (a JSON data block, not a script: the CSP runs none
// inline). Other pages (/auth, /admin, npm run dev) render here.
const embedded = document.getElementById(SERVER_STATE_ID)?.textContent;
if (embedded) void hydrate(embedded);
else createRoot(container).render(app(makeStore()));
