// A real SMTP server in the test's process (the smtp-server package), for the mail the app sends through nodemailer:
// it takes AUTH PLAIN/LOGIN with any user and password over plain TCP, keeps every message it accepts, and lets a
// test wait for the messages to arrive instead of sleeping. Server tests and the e2e suite both use it.
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** the envelope's recipients */
  to: string[];
  from: string;
  subject: string;
  /** the text body, decoded (quoted-printable or base64) */
  text: string;
  /** the message as it came, headers included */
  raw: string;
};

export type TestSmtp = {
  port: number;
  /** SMTP_URL for the app: smtp://user:pass@127.0.0.1:port (the password is what the logs must never show) */
  url: string;
  readonly messages: ReceivedMail[];
  /** resolves once at least `count` messages arrived (rejects after `timeoutMs`) */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

export const SMTP_PASSWORD = 'smtp-secret-pa55word';

function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i += 1) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody('content-transfer-encoding: quoted-printable', text.replace(/_/g, ' ')),
    );
}

function parse(raw: string, to: string[], from: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '');
  return { to, from, subject, text: decodeBody(headers, body), raw };
}

/** Starts the server on `port` (0: any free port; a test that wants it down at first picks one and starts it later). */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() ends the connections a client keeps open (the app's pooled ones) at once instead of after 30 s: the
    // tests close the server only when they are done with it.
    closeTimeout: 1,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        messages.push(parse(Buffer.concat(chunks).toString('utf8'), to, from));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  return {
    port: bound,
    url: `smtp://touchline:${SMTP_PASSWORD}@127.0.0.1:${bound}`,
    messages,
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`waited ${timeoutMs} ms for ${count} messages, got ${messages.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (messages.length >= count) {
            clearTimeout(deadline);
            resolve(messages);
          } else waiters.push(check);
        };
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on right now (for an SMTP server that is down at first). */
export async function freePort(): Promise<number> {
  const smtp = await startTestSmtp();
  await smtp.close();
  return smtp.port;
}
