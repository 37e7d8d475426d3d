import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { staffSession } from '../helpers/accounts';
import { startTestApp } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';
import { TOKEN } from '../helpers/testApp';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script>
<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const APP_JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let clientDir: string;
let t: TestApp;
/** A signed-in author's Cookie header: admin pages need a session. */
let cookie: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'touchline-client-'));
  mkdirSync(join(clientDir, 'assets'));
  mkdirSync(join(clientDir, 'images', 'seed'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  writeFileSync(join(clientDir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(clientDir, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js'), APP_JS);
  writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(APP_JS));
  writeFileSync(join(clientDir, 'images', 'seed', 'ball.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ clientDir });
  ({ cookie } = await staffSession(t.app, t.db, 'author'));
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  it.each(['/', '/blog', '/page/3'])('answers %s with index.html, revalidated', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it.each(['/', '/page/3', '/no-such-page'])(
    'answers %s with a 406 when Accept-Encoding refuses identity and every coding offered',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'zstd, identity;q=0' } });
      expect(res.statusCode).toBe(406);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(res.json()).toEqual({ error: expect.stringMatching(/^Not acceptable/) });
    },
  );

  it.each(['/admin', '/auth?next=1', '/admin/posts', '/admin/edit/3'])(
    'answers %s with index.html kept out of search results',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('answers a draft preview address with the shell to a signed-in admin, whose page fetches the draft', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/preview/3', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it.each([
    ['/admin', '/auth?next=%2Fadmin'],
    ['/admin/posts', '/auth?next=%2Fadmin%2Fposts'],
    ['/admin/edit/3?x=1', '/auth?next=%2Fadmin%2Fedit%2F3%3Fx%3D1'],
    ['/admin/preview/3', '/auth?next=%2Fadmin%2Fpreview%2F3'],
    ['/admin/elsewhere', '/auth?next=%2Fadmin%2Felsewhere'],
  ])('sends %s without a session to the sign-in card (303 to %s)', async (url, location) => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}` },
      { cookie: '__Host-touchline_session=revoked-or-made-up' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(location);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it("answers an address no client route has with the shell and a 404 status, for the client's not-found page", async () => {
    for (const url of ['/nowhere', '/blog/extra', '/page/3/comments', '/admin/elsewhere', '/admin/edit/3/more']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
    }
  });

  it('gives a browser navigating to a dotted address the page, and a file request a JSON 404', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const post = await t.app.inject({ method: 'GET', url: '/page/12.html', headers: { accept } });
    // Not a post id: the not-found page, with its status.
    expect(post.statusCode).toBe(404);
    expect(post.body).toBe(INDEX);
    const unknown = await t.app.inject({ method: 'GET', url: '/blog/some.thing', headers: { accept } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(INDEX);
    const file = await t.app.inject({ method: 'GET', url: '/blog/some.thing', headers: { accept: 'image/*' } });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ error: 'Not found' });
  });

  it('serves hashed assets immutably, pre-compressed by Accept-Encoding', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(APP_JS))).toBe(true);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('serves index.html pre-compressed and still no-cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blog', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves other public files with a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/seed/ball.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404, not the app shell, for a missing file or a non-GET', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/blog' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'Not found' });
  });

  it('keeps /api/* JSON even with a client present', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});

describe('security headers', () => {
  it("send a CSP that admits index.html's inline script by its hash and nothing inline otherwise", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = res.headers['content-security-policy'] as string;
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('are on API answers too: the REST set, with a policy that allows nothing', async () => {
    for (const url of ['/api/health', '/api/blogs', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Headers that only mean something to a document are left to the pages.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // A path that only starts like the API is a page.
    expect((await t.app.inject({ method: 'GET', url: '/apiary' })).headers['content-security-policy']).toContain(
      'script-src',
    );
  });
});

describe("Vite's build manifest", () => {
  it('is read for the preload hints but never served', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'touchline-client-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{"src/client/main.tsx":{"file":"assets/x.js"}}');
    const app = await startTestApp({ clientDir: dir });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('src/client');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('requests the HTTP parser rejects before routing', () => {
  // These never reach app.inject: only a real socket gets a malformed request to Node's parser.
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ port } = t.app.server.address() as AddressInfo);
  });

  async function rawExchange(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it.each([
    ['a broken request line', 'GARBAGE\r\n\r\n', 400],
    [
      'Content-Length with Transfer-Encoding',
      'POST /api/blogs HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
    ['headers over 16 KB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('answer %s in the API error shape with the security headers', async (_name, request, status) => {
    const answer = await rawExchange(request);
    const [head = '', body] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/^content-security-policy: default-src 'none'; frame-ancestors 'none'$/m);
    expect(head).toMatch(/^x-content-type-options: nosniff$/m);
    expect(JSON.parse(body ?? '')).toEqual({ error: expect.any(String) });
  });
});

describe('without a built client', () => {
  it('answers client routes with a JSON 503 that says what to do, and the API still works', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/blog' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'The client is not built yet: run npm run build' });
      expect((await bare.app.inject({ method: 'GET', url: '/api/blogs' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
