// The request line and Host as RFC 9112 says, over a real socket (app.inject has no request line): a target in absolute
// form is served as its origin-form twin, and two Host lines are a 400.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { startTestApp, TOKEN } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

type RawResponse = { status: number; headers: string; body: string };

/** Sends `head` (a whole request without a body) on a fresh connection and reads the answer until the server closes. */
function exchange(port: number, head: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.once('error', reject);
    socket.once('close', () => {
      const end = received.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]),
        headers: received.slice(0, end).toLowerCase(),
        body: received.slice(end + 4),
      });
    });
    socket.write(head);
  });
}

const withoutDate = (headers: string) => headers.replace(/^date: .*$/m, '');

const request = (target: string, ...headers: string[]) =>
  `GET ${target} HTTP/1.1\r\n${headers.map((line) => `${line}\r\n`).join('')}Connection: close\r\n\r\n`;

let t: TestApp;
let port: number;
let post: BlogPost;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    payload: { ...validSubmission({ title: 'Derby day' }), accessToken: TOKEN },
  });
  post = res.json<BlogPost>();
});
afterAll(async () => {
  await t.close();
});

describe('a request target in absolute form', () => {
  it.each([
    ['a post', (id: number) => `/api/blogs/${id}`],
    ['a list page with a query', () => '/api/blogs?limit=1'],
    ['robots.txt', () => '/robots.txt'],
    // Answered through Fastify's send: the security headers are chosen by the path (the API's set here).
    ['a post that does not exist', () => '/api/blogs/999999'],
  ])('is served as its origin-form twin: %s', async (_name, path) => {
    const origin = await exchange(port, request(path(post.id), 'Host: touchline.test'));
    for (const absolute of [`http://touchline.test${path(post.id)}`, `HTTP://elsewhere.example:8080${path(post.id)}`]) {
      const answer = await exchange(port, request(absolute, 'Host: touchline.test'));
      expect(answer.status).toBe(origin.status);
      expect(answer.body).toBe(origin.body);
      expect(withoutDate(answer.headers)).toBe(withoutDate(origin.headers));
    }
  });

  it.each([
    ['with no path is the root', 'http://touchline.test', '/'],
    ['with only a query is the root with that query', 'http://touchline.test?cursor=2', '/?cursor=2'],
  ])('%s', async (_name, absolute, path) => {
    const origin = await exchange(port, request(path, 'Host: touchline.test'));
    const answer = await exchange(port, request(absolute, 'Host: touchline.test'));
    expect(answer.status).toBe(origin.status);
    expect(answer.body).toBe(origin.body);
  });

  it.each([['http:///api/blogs'], ['http://user:secret@touchline.test/api/blogs'], ['https://']])(
    '%s, which names no usable host, is a 400',
    async (target) => {
      const answer = await exchange(port, request(target, 'Host: touchline.test'));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/^Malformed request target/) });
      expect(answer.headers).toContain("content-security-policy: default-src 'none'");
    },
  );
});

describe('Host', () => {
  it.each([
    ['two different hosts', ['Host: touchline.test', 'Host: evil.example']],
    ['the same host twice', ['Host: touchline.test', 'host: touchline.test']],
    ['a second Host further down', ['Host: touchline.test', 'Accept: application/json', 'HOST: evil.example']],
  ])('%s: a 400', async (_name, lines) => {
    const answer = await exchange(port, request(`/api/blogs/${post.id}`, ...lines));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'A request carries one Host header line' });
    expect(answer.headers).toContain('x-content-type-options: nosniff');
  });

  it('one Host line is served', async () => {
    const answer = await exchange(port, request(`/api/blogs/${post.id}`, 'Host: touchline.test', 'X-Host: other'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ id: post.id });
  });
});
