import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './mswServer';

// findBy*/waitFor give up after 1 s by default: on a loaded CI host a page may take longer to appear, and a failure
// should mean it never appears.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
