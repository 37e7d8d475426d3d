// Second factors in Chromium against a real server whose PUBLIC_URL is http://localhost:<port> (a secure context, and
// a host name: WebAuthn takes no IP address as its RP ID), with a virtual authenticator reached through the DevTools
// protocol: a passkey added at /admin/account signs in alone; the authenticator app set up from the page's secret
// asks for its code after the password, and a recovery code stands in once; each change and the recovery code's use
// are told in the inbox; an owner's policy sends an editor without a factor to set one up. The new sections and the
// inbox pass axe in both themes, at desktop and phone widths.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { axeViolations, switchTheme } from './helpers/axe';
import { ADMIN_TOKEN, OWNER_EMAIL, OWNER_PASSWORD } from './helpers/constants';

const PASSWORD = 'a staff passphrase 0123';
const root = join(__dirname, '..', '..');

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let dataDir = '';
let origin = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'touchline-2fa-e2e-'));
  server = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      ADMIN_EMAIL: OWNER_EMAIL,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the second-factor server did not start');
});

test.afterAll(async () => {
  if (server?.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const at = (path: string) => `${origin}${path}`;
const same = () => ({ origin });

/** A new staff account of `role`, invited by the owner through the API: its email. */
async function newStaff(request: APIRequestContext, role: 'editor' | 'author'): Promise<string> {
  const email = `${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const owner = await request.post(at('/api/session'), {
    data: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
    headers: same(),
  });
  expect(owner.status(), await owner.text()).toBe(200);
  const invited = await request.post(at('/api/invitations'), { data: { email, role }, headers: same() });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitation = new URL((await invited.json()).url as string).searchParams.get('invite');
  const made = await request.post(at('/api/users'), {
    data: { invitation, email, password: PASSWORD, name: `${role[0]!.toUpperCase()}${role.slice(1)} Person` },
    headers: same(),
  });
  expect(made.status(), await made.text()).toBe(201);
  return email;
}

/** A virtual authenticator in the page's browser: a platform passkey store whose user is always verified. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto(at('/auth'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test('a passkey added at /admin/account signs in with "Sign in with a passkey", no password', async ({
  page,
  request,
}) => {
  const email = await newStaff(request, 'editor');
  await addVirtualAuthenticator(page);
  await page.goto(at('/auth'));
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(at('/admin/account'));
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Passkey name').fill('Work laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const codes = page.getByRole('region', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(passkeys.getByRole('cell', { name: 'Work laptop', exact: true })).toBeVisible();

  // The browser offers the passkey from the email field (conditional UI); the virtual authenticator accepts the offer
  // by itself, which signs in with no password and no button.
  await signOut(page);
  await page.goto(at('/auth'));
  await expect(page).toHaveURL(/\/admin$/);

  // Where the browser cannot offer it from the field, "Sign in with a passkey" does.
  await signOut(page);
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
  });
  await page.goto(at('/auth'));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(at('/admin/account'));
  await expect(page.getByText(`Signed in as`)).toContainText(email);

  // The inbox tells of the passkey added, with no post: its link opens the account page, which marks it read.
  await page.goto(at('/admin/inbox'));
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Inbox (1)' })).toBeVisible();
  const notice = page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('link', { name: 'Unread: A passkey named "Work laptop" was added to your account.' });
  await expect(notice).toHaveAttribute('href', '/admin/account');
  await notice.click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(nav.getByRole('link', { name: 'Inbox (0)' })).toBeVisible();
});

test('the authenticator app set up from the page asks for its code after the password; a recovery code works once', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = await newStaff(request, 'editor');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(at('/admin/account'));
  const app = page.getByRole('region', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Set up' }).click();
  await expect(app.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await app.locator('code').textContent())!.trim();
  const totp = new TOTP({ secret });
  await app.getByLabel('6-digit code').fill(totp.generate());
  await app.getByRole('button', { name: 'Turn on' }).click();
  const panel = page.getByRole('region', { name: 'Recovery codes' });
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  const recovery = (await panel.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await panel.getByRole('button', { name: 'I have saved them' }).click();

  await signOut(page);
  await signInWithPassword(page, email);
  const code = page.getByLabel('Enter the 6-digit code from your app');
  await expect(code).toBeVisible();
  // The set-up took this step's code: the next step's (within the one step of drift allowed) is a new one.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await signOut(page);
  await signInWithPassword(page, email);
  await page.getByLabel('Enter the 6-digit code from your app').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(at('/admin/account'));
  await expect(page.getByText('9 recovery codes left.')).toBeVisible();
  await page.goto(at('/admin/inbox'));
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toContainText(
    'A recovery code was used to sign in. 9 remain.',
  );
});

test('an owner requires a second factor, and an editor without one is sent to set one up', async ({
  page,
  browser,
  request,
}) => {
  const email = await newStaff(request, 'editor');
  const owner = await browser.newContext();
  try {
    const ownerPage = await owner.newPage();
    await ownerPage.goto(at('/auth'));
    await ownerPage.getByLabel('Email').fill(OWNER_EMAIL);
    await ownerPage.getByLabel('Password').fill(OWNER_PASSWORD);
    await ownerPage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(ownerPage).toHaveURL(/\/admin$/);
    await ownerPage.goto(at('/admin/staff'));
    const policy = ownerPage.getByRole('form', { name: 'Second factor policy' });
    await policy.getByLabel('Require a second factor of').selectOption({ label: 'Owners and editors' });
    await policy.getByRole('button', { name: 'Save policy' }).click();
    // The owner, who has none either, is sent to set one up as well.
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();

    await signInWithPassword(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
    await page.goto(at('/admin/posts'));
    await expect(page.getByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
  } finally {
    // Back to no policy for the other tests: the policy route is one a person without a factor may reach.
    await request.post(at('/api/session'), {
      data: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
      headers: same(),
    });
    const reset = await request.put(at('/api/account/second-factor/policy'), {
      data: { policy: 'none' },
      headers: same(),
    });
    expect(reset.status(), await reset.text()).toBe(200);
    await owner.close();
  }
});

test('the sign-in settings pass axe in the dark theme and the light one @phone', async ({ page, request }) => {
  // Four axe runs, on a phone's slower emulation.
  test.setTimeout(90_000);
  const email = await newStaff(request, 'author');
  await page.addInitScript(() => localStorage.setItem('theme', localStorage.getItem('theme') ?? 'dark'));
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(at('/admin/account'));
  // Everything the sections show at once: a passkey in the list, the new recovery codes, the app's QR code.
  await addVirtualAuthenticator(page);
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Passkey name').fill('Phone');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(passkeys.getByRole('cell', { name: 'Phone', exact: true })).toBeVisible();
  const app = page.getByRole('region', { name: 'Authenticator app' });
  await app.getByRole('button', { name: 'Set up' }).click();
  await expect(app.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page), 'axe violations in the dark theme').toEqual([]);
  await switchTheme(page, 'light');
  expect(await axeViolations(page), 'axe violations in the light theme').toEqual([]);
  // The inbox with the notices those changes left, in the light theme and then the dark one.
  await page.goto(at('/admin/inbox'));
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(1);
  expect(await axeViolations(page), 'axe violations on the inbox, light theme').toEqual([]);
  await switchTheme(page, 'dark');
  expect(await axeViolations(page), 'axe violations on the inbox, dark theme').toEqual([]);
});
