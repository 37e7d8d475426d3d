// The api slice's fetch layer, against msw: what RTK Query gets back for each kind of answer.
import { http, HttpResponse } from 'msw';
import { apiBaseQuery } from '../../../src/client/api/apiBaseQuery';
import { API, server } from '../helpers/mswServer';

const baseQuery = apiBaseQuery(API);
const call = (args: Parameters<typeof baseQuery>[0]) =>
  baseQuery(args, { signal: new AbortController().signal } as Parameters<typeof baseQuery>[1], {});

test('a JSON answer is the data, with the response in meta for its headers', async () => {
  server.use(
    http.get(`${API}/blogs`, () =>
      HttpResponse.json([{ id: 1 }], { headers: { Link: '</api/blogs?cursor=1>; rel="next"' } }),
    ),
  );
  const result = await call('blogs');
  expect(result.data).toEqual([{ id: 1 }]);
  expect(result.meta?.response?.headers.get('Link')).toContain('cursor=1');
});

test('an error status is an error carrying the parsed body, so the page can show its error text', async () => {
  const result = await call('blogs/999');
  expect(result.error).toEqual({ status: 404, data: { error: 'Blog not found' } });
});

test('a body that is not JSON (a proxy error page) comes through as text', async () => {
  server.use(http.get(`${API}/blogs/1`, () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
  expect((await call('blogs/1')).error).toEqual({ status: 502, data: '<h1>Bad gateway</h1>' });
});

test('no answer at all is a FETCH_ERROR', async () => {
  server.use(http.get(`${API}/blogs`, () => HttpResponse.error()));
  expect((await call('blogs')).error).toMatchObject({ status: 'FETCH_ERROR' });
});

test('an object body is sent as JSON; validateStatus decides what counts as success', async () => {
  let received: { type: string | null; body: unknown } | undefined;
  server.use(
    http.post(`${API}/blogs`, async ({ request }) => {
      received = { type: request.headers.get('Content-Type'), body: await request.json() };
      return HttpResponse.json({ id: 7 }, { status: 200 });
    }),
  );
  const only201 = (response: Response) => response.status === 201;
  const result = await call({ url: 'blogs', method: 'POST', body: { title: 'x' }, validateStatus: only201 });
  expect(received).toEqual({ type: 'application/json', body: { title: 'x' } });
  expect(result.error).toEqual({ status: 200, data: { id: 7 } });
});

test('FormData goes as multipart with the given headers', async () => {
  let received: { type: string | null; auth: string | null; file: unknown } | undefined;
  server.use(
    http.post(`${API}/uploads`, async ({ request }) => {
      const form = await request.formData();
      received = {
        type: request.headers.get('Content-Type'),
        auth: request.headers.get('Authorization'),
        file: form.get('file'),
      };
      return HttpResponse.json({ url: '/uploads/a.png' }, { status: 201 });
    }),
  );
  const body = new FormData();
  body.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
  const result = await call({ url: 'uploads', method: 'POST', body, headers: { Authorization: 'Bearer t' } });
  expect(result.data).toEqual({ url: '/uploads/a.png' });
  expect(received?.type).toMatch(/^multipart\/form-data; boundary=/);
  expect(received?.auth).toBe('Bearer t');
  expect(received?.file).toBeTruthy();
});
