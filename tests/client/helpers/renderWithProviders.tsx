// Renders with a fresh store per test (the redux-templates pattern), inside a router.
import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { blogApi } from '../../../src/client/api/blogApi';
import { makeStore } from '../../../src/client/app/store';
import type { AppStore, RootState } from '../../../src/client/app/store';
import { routes } from '../../../src/client/shell/router';

// A query left without subscribers is dropped by a timer 60 s later (keepUnusedDataFor). Such a timer outlives its test
// file and fires while another file runs ("Cannot log after tests are done"), so every store a test rendered is
// unmounted and reset after the test, which clears those timers.
const renderedStores = new Set<AppStore>();
afterEach(() => {
  cleanup();
  for (const store of renderedStores) store.dispatch(blogApi.util.resetApiState());
  renderedStores.clear();
});

/** A fresh store that is reset after the test like those the render helpers make (for tests that render otherwise). */
export function testStore(preloadedState?: Partial<RootState>): AppStore {
  const store = makeStore(preloadedState);
  renderedStores.add(store);
  return store;
}

type ExtendedRenderOptions = Omit<RenderOptions, 'queries'> & {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** initial URL of the in-memory router */
  route?: string;
};

/** A single component with the store and a MemoryRouter around it. */
export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', ...renderOptions } = options;
  renderedStores.add(store);
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Provider>,
    renderOptions,
  );
  return { store, user, ...result };
}

/** The whole app (real route table, chrome included) at a URL. */
export function renderApp(route: string, options: Omit<ExtendedRenderOptions, 'route'> = {}) {
  const { preloadedState, store = makeStore(preloadedState), ...renderOptions } = options;
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  renderedStores.add(store);
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    renderOptions,
  );
  return { store, user, router, ...result };
}
