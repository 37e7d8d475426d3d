// Members in server tests: the app with a real SMTP server behind its outbox, and the steps a reader takes (subscribe,
// read the mail's link, press its button), through the real API.
import type { FastifyInstance } from 'fastify';
import { mailOutboxOf } from '../../../src/server/app';
import type { Db, RoleName } from '../../../src/server/db/database';
import { staffSession } from './accounts';
import { startTestSmtp } from './smtp';
import type { ReceivedMail, TestSmtp } from './smtp';
import { PUBLIC_URL, useTestApp } from './testApp';
import type { UsedTestApp } from './testApp';

/** The headers a browser sends with a write from the site's own page. */
export const SAME_ORIGIN = { origin: PUBLIC_URL };
/** What a browser's form post of a page sends (no JavaScript). */
export const FORM_POST = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  origin: PUBLIC_URL,
};

export const MEMBER_TABLES = ['members', 'member_tokens', 'member_sessions', 'mail_outbox', 'accounts'] as const;

export type MembersTestApp = UsedTestApp & {
  readonly smtp: TestSmtp;
  /** every message delivered so far, once the work after the answers and the outbox have finished */
  mail: () => Promise<ReceivedMail[]>;
};

/**
 * useTestApp with mail on: a real SMTP server for the file, emptied before each test. `options` go to useTestApp (a
 * built client and the SSR entry, for the member pages).
 */
export function useMembersApp(options: Parameters<typeof useTestApp>[0] = {}): MembersTestApp {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  const { alsoEmpty = [], ...rest } = options;
  // Each test's app starts with mail on (the server is up by then: this beforeAll runs first), not started twice.
  const t = useTestApp({
    now: Date.parse('2026-11-28T09:00:00.000Z'),
    ...rest,
    alsoEmpty: [...MEMBER_TABLES, ...alsoEmpty],
    lateOptions: () => ({ mail: { smtpUrl: smtp!.url, from: 'news@touchline.test' }, mailPollMs: 3_600_000 }),
  });
  beforeEach(() => {
    smtp!.messages.splice(0);
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return {
    get app() {
      return t.app;
    },
    get db() {
      return t.db;
    },
    get testDb() {
      return t.testDb;
    },
    get clock() {
      return t.clock;
    },
    set clock(value: number) {
      t.clock = value;
    },
    restart: (options) => t.restart(options),
    get smtp() {
      return smtp!;
    },
    mail: async () => {
      await mailOutboxOf(t.app)!.settle();
      return smtp!.messages;
    },
  };
}

/** The token of a mailed link to `page` (/members/confirm, /members/signin), checked to be an absolute URL. */
export function linkToken(mail: ReceivedMail | undefined, page: string): string {
  const match = new RegExp(`${PUBLIC_URL}${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (match?.[1] === undefined) throw new Error(`no ${page} link in ${mail?.text}`);
  return match[1];
}

/** The `name=value` pair of the member cookie a Set-Cookie header carries. */
export function memberCookie(setCookie: string | string[] | undefined): string {
  const headers = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const pair = headers.find((header) => header.includes('touchline_member='))?.split(';')[0];
  if (pair === undefined || pair.endsWith('=')) throw new Error(`no member cookie in ${String(setCookie)}`);
  return pair;
}

export const subscribeRequest = (app: FastifyInstance, payload: Record<string, unknown>, headers = SAME_ORIGIN) =>
  app.inject({ method: 'POST', url: '/api/members/subscribe', headers, payload });

/** Subscribes `email`, confirms from the mail's link and answers the member's cookie. */
export async function confirmedMember(
  t: MembersTestApp,
  email: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const before = (await t.mail()).length;
  const res = await subscribeRequest(t.app, { email, ...body });
  if (res.statusCode !== 202) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  const mail = (await t.mail())[before];
  const token = linkToken(mail, '/members/confirm');
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/members/confirm',
    headers: SAME_ORIGIN,
    payload: { token },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return memberCookie(confirmed.headers['set-cookie']);
}

/** The member row of `email` as the database holds it, or undefined. */
export async function memberRow(t: UsedTestApp, email: string) {
  return t.db.kysely.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The headers of a signed-in staff member of `role` writing from the site's own page (a new account each call). */
export async function staffHeaders(app: FastifyInstance, db: Db, role: RoleName): Promise<Record<string, string>> {
  return { cookie: (await staffSession(app, db, role)).cookie, ...SAME_ORIGIN };
}

/** POST /api/members/import with a CSV body, as the admin's file input sends it. */
export const importMembers = (app: FastifyInstance, headers: Record<string, string>, csv: string) =>
  app.inject({
    method: 'POST',
    url: '/api/members/import',
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
