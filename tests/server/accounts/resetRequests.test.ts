// "Forgot password?" answers before anything about the account is read: the account lookup is held back here, and
// the answer for a known email still arrives, so its timing cannot tell a known email from an unknown one.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId } from 'kysely';
import { mailOutboxOf } from '../../../src/server/app';
import { createStaff } from '../helpers/accounts';
import { SMTP_PASSWORD, startTestSmtp } from '../helpers/smtp';
import type { TestSmtp } from '../helpers/smtp';
import { startTestApp, useTestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const t = useTestApp({
  now: Date.parse('2026-11-28T09:00:00.000Z'),
  alsoEmpty: ['accounts', 'mail_outbox'],
  sharedApp: true,
});

/** Holds every read of the accounts table until open() is called; held() resolves when the first one waits. */
function accountsGate() {
  const reads = new WeakSet<QueryId>();
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let reached = () => undefined as void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"name":"accounts"'))
        reads.add(queryId);
      return node;
    },
    async transformResult({ queryId, result }: PluginTransformResultArgs) {
      if (reads.has(queryId)) {
        reached();
        await opened;
      }
      return result;
    },
  };
  return { plugin, open, held };
}

it('answers a known email before its account is looked up, then mails the link', async () => {
  smtp = await startTestSmtp();
  const account = await createStaff(t.db, 'author');
  const gate = accountsGate();
  const gated = await startTestApp({
    testDb: { ...t.testDb, db: { ...t.db, kysely: t.db.kysely.withPlugin(gate.plugin) } },
    mail: { smtpUrl: `smtp://touchline:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`, from: 'desk@touchline.test' },
    mailPollMs: 3_600_000,
  });
  // Only for an app that waits for the lookup before answering: the gate opens late, and the test fails below.
  let openedLate = false;
  let late: NodeJS.Timeout | undefined;
  void gate.held.then(() => {
    late = setTimeout(() => {
      openedLate = true;
      gate.open();
    }, 2_000);
  });
  try {
    const res = await gated.app.inject({
      method: 'POST',
      url: '/api/password-reset-requests',
      payload: { email: account.email },
    });
    expect(res.statusCode).toBe(202);
    expect(openedLate).toBe(false);
    gate.open();
    await mailOutboxOf(gated.app)!.settle();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([account.email]);
    expect(mail!.text).toMatch(/\/auth\?reset=[A-Za-z0-9_-]{40,}/);
  } finally {
    clearTimeout(late);
    gate.open();
    await gated.close();
  }
});

it('finishes the work an answer left behind before the app closes', async () => {
  smtp = await startTestSmtp();
  const account = await createStaff(t.db, 'author');
  await t.restart({
    mail: { smtpUrl: `smtp://touchline:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`, from: 'desk@touchline.test' },
    mailPollMs: 3_600_000,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/password-reset-requests',
    payload: { email: account.email },
  });
  expect(res.statusCode).toBe(202);
  await t.app.close();
  const queued = await t.db.kysely.selectFrom('mail_outbox').select('to_address').execute();
  expect(queued).toEqual([{ to_address: account.email }]);
});
