import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { SERVER_STATE_LOADED } from './api/blogApi';
import { makeStore } from './app/store';
import { AppRoutes, MissingUrl } from './app/router';
import { SERVER_STATE_ID } from './app/serverState';
import type { ServerState } from './app/serverState';
import './styles/global.scss';

const store = makeStore();
const container = document.getElementById('root')!;
const app = (missing?: string) => (
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

// A server-rendered page carries the data it was rendered from (a JSON data block, not a script: the CSP runs none
// inline): load it into the store and hydrate the markup. Other pages (/auth, /admin, npm run dev) render here.
const embedded = document.getElementById(SERVER_STATE_ID)?.textContent;
if (embedded) {
  const { api, missing } = JSON.parse(embedded) as ServerState;
  store.dispatch({ type: SERVER_STATE_LOADED, payload: api });
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page (React hydrates at default priority, in one task, otherwise). The page is already painted, so
  // nothing waits for it; a click meanwhile makes React hydrate that part first.
  startTransition(() => {
    hydrateRoot(container, app(missing));
  });
} else {
  createRoot(container).render(app());
}
