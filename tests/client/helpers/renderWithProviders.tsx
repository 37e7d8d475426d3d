// Renders with a fresh store per test (the redux-templates pattern), inside a router.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../src/client/app/store';
import type { AppStore, RootState } from '../../../src/client/app/store';
import { routes } from '../../../src/client/shell/router';

type ExtendedRenderOptions = Omit<RenderOptions, 'queries'> & {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** initial URL of the in-memory router */
  route?: string;
};

/** A single component with the store and a MemoryRouter around it. */
export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', ...renderOptions } = options;
  const user = userEvent.setup();
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
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    renderOptions,
  );
  return { store, user, router, ...result };
}
