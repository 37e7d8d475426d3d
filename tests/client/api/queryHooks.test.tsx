// The one query hook every read uses: a skipped read asks nothing and is not loading; a read is loading until its
// answer is in, then carries it.
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import { skipToken } from '@reduxjs/toolkit/query';
import { blogApi } from '../../../src/client/api/blogApi';
import { useEndpointQuery } from '../../../src/client/api/queryHooks';
import { samplePost } from '../fixtures/posts';
import { API, server } from '../helpers/mswServer';
import { testStore } from '../helpers/renderWithProviders';

const withStore = () => {
  const store = testStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, wrapper };
};

test('a skipped read asks the server nothing and is not loading', async () => {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/blogs/:id`, ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json(samplePost);
    }),
  );
  const { wrapper } = withStore();
  const { result } = renderHook(() => useEndpointQuery(blogApi.endpoints.getBlog, skipToken), { wrapper });
  expect(result.current).toMatchObject({ data: undefined, isLoading: false, isError: false });
  await new Promise((resolve) => setTimeout(resolve, 50)); // checks that nothing happens: no request goes out
  expect(asked).toEqual([]);
});

test('a read is loading until its answer is in, then carries it', async () => {
  const { wrapper } = withStore();
  const id = String(samplePost.id);
  const { result } = renderHook(() => useEndpointQuery(blogApi.endpoints.getBlog, id), { wrapper });
  expect(result.current.isLoading).toBe(true);
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(result.current).toMatchObject({ isLoading: false, isFetching: false, data: { id: samplePost.id } });
});

test('a failed read is an error, no longer loading', async () => {
  const { wrapper } = withStore();
  const { result } = renderHook(() => useEndpointQuery(blogApi.endpoints.getBlog, '999'), { wrapper });
  await waitFor(() => expect(result.current.isError).toBe(true));
  expect(result.current).toMatchObject({ isLoading: false, error: { status: 404 } });
});
