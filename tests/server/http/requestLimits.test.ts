// What a client costs before it proved anything, over real sockets: bodies refused before they are read, and slow
// headers and bodies cut off (with the timeouts shortened so each test takes a fraction of a second).
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { LIMITS } from '../../../src/contract/limits';
import { countUploads } from '../../../src/server/repositories/uploadsRepository';
import { BODY_LIMITS, DEFAULT_TIMEOUTS } from '../../../src/server/http/requestLimits';
import type { Timeouts } from '../../../src/server/http/requestLimits';
import { validSubmission } from '../fixtures/submissions';
import { sampleImages } from '../helpers/images';
import { multipart, startTestApp, TOKEN } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';

type Connection = {
  socket: Socket;
  /** everything the server sent so far */
  received: () => string;
  /** resolves when the server closed the connection (or it was reset) */
  closed: Promise<void>;
};

function open(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    // A server that closes while the client still writes makes the client's next write fail: that is the point.
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

/** Resolves once `received()` holds a complete response head and the body its Content-Length announces. */
async function response(connection: Connection): Promise<{ status: number; headers: string; body: string }> {
  await Promise.race([
    connection.closed,
    new Promise<void>((resolve) => {
      const check = () => {
        const text = connection.received();
        const end = text.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(text);
        if (end >= 0 && length?.[1] !== undefined && text.length >= end + 4 + Number(length[1])) resolve();
        else connection.socket.once('data', check);
      };
      check();
    }),
  ]);
  const text = connection.received();
  const end = text.indexOf('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
    headers: text.slice(0, end).toLowerCase(),
    body: text.slice(end + 4),
  };
}

// A slow client's pace: what these tests send, never a wait for the server (response() and closed are those).
const pace = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listening(timeouts?: Partial<Timeouts>): Promise<{ t: TestApp; port: number }> {
  const t = await startTestApp({ timeouts });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

describe('bodies are read only where they are taken', () => {
  let t: TestApp;
  let port: number;
  // A closing connection's linger (2 s in production) cut short: these tests wait for the server to hang up.
  beforeAll(async () => ({ t, port } = await listening({ lingerMs: 300 })));
  afterAll(async () => {
    await t.close();
  });

  const LARGE = 24 * 1_048_576;

  it.each([
    ['POST', '/nowhere', 404],
    ['OPTIONS', '/api/blogs', 404],
    ['PATCH', '/api/blogs/1', 404],
    ['PUT', '/api/blogs', 404],
    ['DELETE', '/api/blogs/1', 413],
  ])(
    'answers %s %s with a 24 MB body at once, %s and Connection: close, without reading the body',
    async (method, path, status) => {
      const c = await open(port);
      c.socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${LARGE}\r\n\r\n{"a":`,
      );
      // Nothing more is sent: an answer that waited for the body would never come.
      const res = await response(c);
      expect(res.status).toBe(status);
      expect(res.headers).toContain('connection: close');
      expect(JSON.parse(res.body)).toEqual({ error: expect.any(String) });
      await c.closed;
    },
  );

  it('refuses a post write over 1 MB from its Content-Length alone', async () => {
    const c = await open(port);
    c.socket.write(
      `POST /api/blogs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${BODY_LIMITS.post + 1}\r\n\r\n`,
    );
    const res = await response(c);
    expect(res.status).toBe(413);
    expect(res.headers).toContain('connection: close');
    expect(JSON.parse(res.body)).toEqual({ error: 'Request body is too large (max 1 MB)' });
    await c.closed;
  });

  it('refuses a chunked post write as soon as it passes 1 MB', async () => {
    const c = await open(port);
    c.socket.write(
      'POST /api/blogs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = 'x'.repeat(64 * 1024);
    for (let sent = 0; sent <= BODY_LIMITS.post; sent += chunk.length)
      c.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    // The body goes on (it never ends): the answer comes anyway.
    const res = await response(c);
    expect(res.status).toBe(413);
    expect(res.headers).toContain('connection: close');
    await c.closed;
  });

  it('refuses an upload over 25 MB from its Content-Length alone, with a token', async () => {
    const c = await open(port);
    c.socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${BODY_LIMITS.upload + 1}\r\n\r\n`,
    );
    const res = await response(c);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: 'Image is too large (max 25 MB)' });
    await c.closed;
    // Without the token the answer is the 401, whatever else is wrong.
    const anonymous = await open(port);
    anonymous.socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${BODY_LIMITS.upload + 1}\r\n\r\n`,
    );
    expect((await response(anonymous)).status).toBe(401);
    await anonymous.closed;
  });

  it('answers an upload with no credential in its headers 401 before its body, and stores nothing', async () => {
    const c = await open(port);
    c.socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${LIMITS.uploadMaxBytes}\r\n\r\n--zz\r\n`,
    );
    const res = await response(c);
    expect(res.status).toBe(401);
    expect(res.headers).toContain('connection: close');
    expect(JSON.parse(res.body)).toEqual({ error: 'Access token required' });
    await c.closed;
    expect(await countUploads(t.db)).toBe(0);
  });

  /** Resolves with how many bytes the server read from the next connection made to it, once that one closes. */
  const nextConsumed = () =>
    new Promise<number>((resolve) =>
      t.app.server.once('connection', (socket: Socket) => socket.once('close', () => resolve(socket.bytesRead))),
    );

  /** Sends `head`, then up to `total` bytes of body in 64 KB pieces, `everyMs` apart, until the server hangs up. */
  async function sendSlowly(c: Connection, head: string, total: number, everyMs: number, framed = false) {
    let open = true;
    void c.closed.then(() => (open = false));
    c.socket.write(head);
    const piece = Buffer.alloc(64 * 1024, 'x');
    for (let sent = 0; open && sent < total; sent += piece.length) {
      c.socket.write(framed ? Buffer.concat([Buffer.from('10000\r\n'), piece, Buffer.from('\r\n')]) : piece);
      await pace(everyMs);
    }
    return open;
  }

  it.each([
    [
      'Authorization: Basic',
      'Authorization: Basic dXNlcjpwYXNz',
      'Send the access token as Authorization: Bearer <token>',
    ],
    [
      'a cookie that names no session',
      'Cookie: __Host-touchline_session=junk',
      'Your session has ended: sign in again',
    ],
  ])(
    'answers an upload with %s 401 and Connection: close before 1 MB of its body is read, chunked or not',
    async (_name, credential, error) => {
      // 20 MB by Content-Length (under the cap, so only the credential can refuse it), or 400 MB chunked.
      for (const framing of ['Content-Length: 20971520', 'Transfer-Encoding: chunked']) {
        const consumed = nextConsumed();
        const c = await open(port);
        const head = `POST /api/uploads HTTP/1.1\r\nHost: x\r\n${credential}\r\nContent-Type: multipart/form-data; boundary=zz\r\n${framing}\r\n\r\n`;
        // 4 MB at a slow pace: a server that read the body would have read it all before the client gave up.
        const stillOpen = await sendSlowly(c, head, 4 * 1_048_576, 5, framing.startsWith('Transfer'));
        const res = await response(c);
        expect(res.status).toBe(401);
        expect(res.headers).toContain('connection: close');
        expect(JSON.parse(res.body)).toEqual({ error });
        if (stillOpen) c.socket.destroy();
        expect(await consumed).toBeLessThan(1_048_576);
      }
      expect(await countUploads(t.db)).toBe(0);
    },
  );

  it('stops a chunked upload with a valid token once its body passes 25 MB + 64 KB, counted as it arrives', async () => {
    const consumed = nextConsumed();
    const c = await open(port);
    // A preamble before the first boundary is no part: only a count of the bytes themselves stops it.
    const head = `POST /api/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: multipart/form-data; boundary=zz\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const stillOpen = await sendSlowly(c, head, 40 * 1_048_576, 0, true);
    const res = await response(c);
    expect(res.status).toBe(413);
    expect(res.headers).toContain('connection: close');
    expect(JSON.parse(res.body)).toEqual({ error: 'Image is too large (max 25 MB)' });
    if (stillOpen) c.socket.destroy();
    expect(await consumed).toBeGreaterThan(BODY_LIMITS.upload);
    expect(await consumed).toBeLessThan(BODY_LIMITS.upload + 2 * 1_048_576);
    expect(await countUploads(t.db)).toBe(0);
  });

  it('still takes a 1 MB post body', async () => {
    const submission = validSubmission();
    const padded = { ...submission, header: { ...submission.header, readTime: '' }, pad: 'x'.repeat(1_000_000) };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: { ...padded, accessToken: TOKEN },
    });
    // The padding is more than the schema allows (a 400), but the body was read and validated: not a 413.
    expect(res.statusCode).not.toBe(413);
  });
});

describe('slow clients are cut off', () => {
  const FAST: Partial<Timeouts> = {
    headersMs: 300,
    checkEveryMs: 50,
    requestMs: 2_000,
    jsonBodyMs: 300,
    uploadIdleMs: 300,
  };
  let t: TestApp;
  let port: number;
  beforeAll(async () => ({ t, port } = await listening(FAST)));
  afterAll(async () => {
    await t.close();
  });

  it('cuts off headers that arrive one line at a time with a 408', async () => {
    const c = await open(port);
    const started = Date.now();
    c.socket.write('GET /api/blogs HTTP/1.1\r\n');
    let line = 0;
    const trickle = setInterval(() => c.socket.writable && c.socket.write(`X-Slow-${(line += 1)}: 1\r\n`), 50);
    try {
      const res = await response(c);
      await c.closed;
      expect(res.status).toBe(408);
      expect(JSON.parse(res.body)).toEqual({ error: 'Request timed out' });
      // Within the headers timeout plus one check of Node's timer (and some slack for a busy machine).
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      clearInterval(trickle);
    }
  });

  it('cuts off a JSON write whose body trickles in 16 bytes at a time with a 408', async () => {
    const c = await open(port);
    const started = Date.now();
    c.socket.write(
      'POST /api/blogs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
    );
    const trickle = setInterval(() => c.socket.writable && c.socket.write('{"aaaaaaaaaaaaa"'), 50);
    try {
      const res = await response(c);
      await c.closed;
      expect(res.status).toBe(408);
      expect(res.headers).toContain('connection: close');
      expect(JSON.parse(res.body)).toEqual({ error: 'Request timed out' });
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes an upload whose body stops arriving, and stores nothing', async () => {
    const c = await open(port);
    const started = Date.now();
    c.socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 100000\r\n\r\n--zz\r\n`,
    );
    await c.closed;
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await countUploads(t.db)).toBe(0);
  });

  it('lets a slow upload that keeps sending take longer than a JSON write may', async () => {
    const images = await sampleImages();
    const form = await multipart({ file: { bytes: images.png, name: 'a.png' } });
    const c = await open(port);
    c.socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
    );
    // Ten pieces, 100 ms apart: over twice the JSON body deadline, never idle for the upload's idle cut.
    const piece = Math.ceil(form.payload.length / 10);
    for (let i = 0; i < form.payload.length; i += piece) {
      c.socket.write(form.payload.subarray(i, i + piece));
      await pace(100);
    }
    const res = await response(c);
    expect(res.status).toBe(201);
    c.socket.destroy();
  });
});

describe('the default timeouts', () => {
  it('give headers at most 40 s, an upload 2 minutes, a closing connection 2 s, and keep an idle one past 60 s', async () => {
    const { t } = await listening();
    try {
      // connectionsCheckingInterval is a constructor option Node keeps on the server; its types do not list it.
      const server = t.app.server as typeof t.app.server & { connectionsCheckingInterval: number };
      expect(server.headersTimeout + server.connectionsCheckingInterval).toBeLessThanOrEqual(40_000);
      expect(DEFAULT_TIMEOUTS.jsonBodyMs + DEFAULT_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(40_000);
      expect(server.requestTimeout).toBe(120_000);
      expect(DEFAULT_TIMEOUTS.uploadIdleMs).toBe(15_000);
      expect(DEFAULT_TIMEOUTS.lingerMs).toBe(2_000);
      expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    } finally {
      await t.close();
    }
  });
});
