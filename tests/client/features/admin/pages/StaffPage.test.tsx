import '../preloadPages';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import type { PendingInvitation, StaffUser } from '../../../../../src/contract/types';
import { STAFF_FORBIDDEN_TEXT } from '../../../../../src/client/features/admin/pages/StaffPage';

const EDITOR: StaffUser = { id: 2, email: 'ed@example.com', name: 'Ed Itor', role: 'editor' };
const AUTHOR: StaffUser = { id: 3, email: 'au@example.com', name: 'Au Thor', role: 'author' };

/** The staff API as the server keeps it, in memory, with every request it got. */
function staffApi(signedIn: StaffUser = OWNER) {
  let accounts = [OWNER, EDITOR, AUTHOR];
  let keys = [{ id: 1, name: 'CI' }];
  let invitations: PendingInvitation[] = [
    {
      id: 7,
      email: 'sent.by.owner@example.com',
      role: 'editor',
      invitedBy: { id: OWNER.id, name: OWNER.name },
      createdAt: '2026-11-25T09:00:00.000Z',
      expiresAt: '2026-12-02T09:00:00.000Z',
    },
    {
      id: 8,
      email: 'sent.by.editor@example.com',
      role: 'author',
      invitedBy: { id: EDITOR.id, name: EDITOR.name },
      createdAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2026-12-02T10:00:00.000Z',
    },
  ];
  const seen: string[] = [];
  server.use(
    http.get(`${API}/session`, () => HttpResponse.json({ user: signedIn })),
    http.get(`${API}/users`, () => HttpResponse.json(accounts)),
    http.patch(`${API}/users/:id`, async ({ params, request }) => {
      const { role } = (await request.json()) as { role: StaffUser['role'] };
      seen.push(`PATCH ${params.id} ${role}`);
      accounts = accounts.map((a) => (a.id === Number(params.id) ? { ...a, role } : a));
      return HttpResponse.json(accounts.find((a) => a.id === Number(params.id)));
    }),
    http.delete(`${API}/users/:id`, ({ params }) => {
      seen.push(`DELETE user ${params.id}`);
      accounts = accounts.filter((a) => a.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${API}/invitations`, async ({ request }) => {
      const body = (await request.json()) as { email: string; role: string };
      seen.push(`INVITE ${body.email} ${body.role}`);
      if (!body.email.includes('@')) return HttpResponse.json({ error: 'Invalid email' }, { status: 400 });
      const invitation = {
        id: 9,
        email: body.email,
        role: body.role as StaffUser['role'],
        invitedBy: { id: signedIn.id, name: signedIn.name },
        createdAt: '2026-11-26T00:00:00.000Z',
        expiresAt: '2026-12-03T00:00:00.000Z',
      };
      invitations = [...invitations, invitation];
      return HttpResponse.json({ id: 9, url: '/auth?invite=abc123', expiresAt: invitation.expiresAt }, { status: 201 });
    }),
    http.get(`${API}/invitations`, () => HttpResponse.json(invitations)),
    http.delete(`${API}/invitations/:id`, ({ params }) => {
      seen.push(`DELETE invitation ${params.id}`);
      invitations = invitations.filter((i) => i.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/keys`, () => HttpResponse.json(keys)),
    http.post(`${API}/keys`, async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      keys = [...keys, { id: 2, name }];
      return HttpResponse.json({ id: 2, name, key: 'tlk_secret_shown_once' }, { status: 201 });
    }),
    http.delete(`${API}/keys/:id`, ({ params }) => {
      seen.push(`DELETE key ${params.id}`);
      keys = keys.filter((k) => k.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

test('the owner sees every account with its role, changes a role and removes an account', async () => {
  const seen = staffApi();
  const { user } = renderApp('/admin/staff');
  expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Staff accounts' });
  const row = (email: string) => within(table).getByRole('row', { name: new RegExp(email) });
  expect(within(row(OWNER.email)).getByText('Owner')).toBeInTheDocument();
  // Nobody changes or removes the owner here, the owner included.
  expect(within(row(OWNER.email)).queryByRole('button')).not.toBeInTheDocument();

  await user.selectOptions(within(row(AUTHOR.email)).getByLabelText(`Role of ${AUTHOR.email}`), 'editor');
  expect(await screen.findByText(`${AUTHOR.email} is now Editor.`)).toBeInTheDocument();
  expect(seen).toContain('PATCH 3 editor');

  await user.click(within(row(EDITOR.email)).getByRole('button', { name: `Remove ${EDITOR.email}` }));
  const confirm = screen.getByRole('button', { name: 'Remove account' });
  expect(confirm).toHaveFocus();
  await user.click(confirm);
  expect(await screen.findByText(`Removed ${EDITOR.email}.`)).toBeInTheDocument();
  expect(seen).toContain('DELETE user 2');
  // The notice comes with the DELETE's answer; the row goes when the list is read again, a moment later.
  await waitFor(() => expect(within(table).queryByText(EDITOR.email)).not.toBeInTheDocument());
});

test('Invite shows the link in a read-only "Invitation link" field; a refused invite says why', async () => {
  const seen = staffApi();
  const { user } = renderApp('/admin/staff');
  const form = await screen.findByRole('form', { name: 'Invite' });
  expect(within(form).getByLabelText('Role')).toHaveDisplayValue('Author');
  expect(
    within(form)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Editor', 'Author', 'Contributor']);
  await user.type(within(form).getByLabelText('Email'), 'new@example.com');
  await user.click(within(form).getByRole('button', { name: 'Invite' }));
  const link = await within(form).findByLabelText('Invitation link');
  expect(link).toHaveAttribute('readonly');
  expect(link).toHaveValue('http://localhost/auth?invite=abc123');
  expect(seen).toContain('INVITE new@example.com author');

  await user.type(within(form).getByLabelText('Email'), 'not-an-email');
  await user.click(within(form).getByRole('button', { name: 'Invite' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid email.');
});

test('the "send this link yourself" hint shows only when the site did not mail the invitation', async () => {
  staffApi();
  let mailed = false;
  server.use(
    http.post(`${API}/invitations`, () =>
      HttpResponse.json(
        { id: 9, url: '/auth?invite=abc123', expiresAt: '2026-12-03T00:00:00.000Z', mailed },
        { status: 201 },
      ),
    ),
  );
  const { user } = renderApp('/admin/staff');
  const form = await screen.findByRole('form', { name: 'Invite' });
  await user.type(within(form).getByLabelText('Email'), 'new@example.com');
  await user.click(within(form).getByRole('button', { name: 'Invite' }));
  const link = await within(form).findByLabelText('Invitation link');
  expect(link).toHaveAccessibleDescription(/There is no mail server: send this link yourself\./);
  mailed = true;
  await user.type(within(form).getByLabelText('Email'), 'other@example.com');
  await user.click(within(form).getByRole('button', { name: 'Invite' }));
  await waitFor(() =>
    expect(within(form).getByLabelText('Invitation link')).toHaveAccessibleDescription(/^Sent by email\./),
  );
  expect(within(form).queryByText(/There is no mail server/)).not.toBeInTheDocument();
});

test('the owner creates an API key, sees it once, and revokes one', async () => {
  const seen = staffApi();
  const { user } = renderApp('/admin/staff');
  const keys = await screen.findByRole('region', { name: 'API keys' });
  expect(await within(keys).findByRole('rowheader', { name: 'CI' })).toBeInTheDocument();
  await user.type(within(keys).getByLabelText('Key name'), 'Importer');
  await user.click(within(keys).getByRole('button', { name: 'Create key' }));
  expect(await within(keys).findByLabelText('New key')).toHaveValue('tlk_secret_shown_once');
  expect(await within(keys).findByRole('rowheader', { name: 'Importer' })).toBeInTheDocument();

  await user.click(within(keys).getByRole('button', { name: 'Revoke “CI”' }));
  await waitFor(() => expect(within(keys).queryByRole('rowheader', { name: 'CI' })).not.toBeInTheDocument());
  expect(within(keys).getByRole('rowheader', { name: 'Importer' })).toBeInTheDocument();
  expect(seen).toContain('DELETE key 1');
});

test('an editor invites authors and contributors only, and sees no role changes or keys', async () => {
  staffApi(EDITOR);
  renderApp('/admin/staff');
  const table = await screen.findByRole('table', { name: 'Staff accounts' });
  expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
  expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Invite' });
  expect(
    within(form)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Author', 'Contributor']);
  expect(screen.queryByRole('region', { name: 'API keys' })).not.toBeInTheDocument();
});

test('an author is told the page is for owners and editors', async () => {
  staffApi(AUTHOR);
  renderApp('/admin/staff');
  expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_FORBIDDEN_TEXT);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a staff list the server refuses shows its error', async () => {
  staffApi();
  server.use(http.get(`${API}/users`, () => HttpResponse.json({ error: 'Forbidden' }, { status: 403 })));
  renderApp('/admin/staff');
  expect(await screen.findByText('Forbidden.')).toBeInTheDocument();
});

test('the owner sees the pending invitations, a new one among them, and revokes one after confirming in its row', async () => {
  const seen = staffApi();
  const { user } = renderApp('/admin/staff');
  const section = await screen.findByRole('region', { name: 'Pending invitations' });
  const table = await within(section).findByRole('table', { name: 'Pending invitations' });
  const row = (email: string) => within(table).getByRole('row', { name: new RegExp(email) });
  expect(within(row('sent.by.owner@example.com')).getByText('Editor')).toBeInTheDocument();
  expect(within(row('sent.by.editor@example.com')).getByText(EDITOR.name)).toBeInTheDocument();

  const form = screen.getByRole('form', { name: 'Invite' });
  await user.type(within(form).getByLabelText('Email'), 'new@example.com');
  await user.click(within(form).getByRole('button', { name: 'Invite' }));
  expect(await within(table).findByRole('rowheader', { name: 'new@example.com' })).toBeInTheDocument();

  // An owner may revoke any invitation; it asks first, in the row, and nothing is sent on Cancel.
  await user.click(
    within(row('sent.by.editor@example.com')).getByRole('button', {
      name: 'Revoke the invitation for sent.by.editor@example.com',
    }),
  );
  await user.click(within(row('sent.by.editor@example.com')).getByRole('button', { name: 'Cancel' }));
  expect(seen).not.toContain('DELETE invitation 8');
  await user.click(
    within(row('sent.by.editor@example.com')).getByRole('button', {
      name: 'Revoke the invitation for sent.by.editor@example.com',
    }),
  );
  const confirm = within(table).getByRole('button', { name: 'Revoke invitation' });
  expect(confirm).toHaveFocus();
  await user.click(confirm);
  expect(
    await within(section).findByText(
      'Revoked the invitation for sent.by.editor@example.com: its link no longer works.',
    ),
  ).toBeInTheDocument();
  expect(seen).toContain('DELETE invitation 8');
  await waitFor(() => expect(within(table).queryByText('sent.by.editor@example.com')).not.toBeInTheDocument());
  expect(within(table).getByRole('rowheader', { name: 'sent.by.owner@example.com' })).toBeInTheDocument();
});

test('an editor may revoke only the invitations they sent', async () => {
  staffApi(EDITOR);
  renderApp('/admin/staff');
  const table = await screen.findByRole('table', { name: 'Pending invitations' });
  const row = (email: string) => within(table).getByRole('row', { name: new RegExp(email) });
  expect(within(row('sent.by.owner@example.com')).queryByRole('button')).not.toBeInTheDocument();
  expect(
    within(row('sent.by.editor@example.com')).getByRole('button', {
      name: 'Revoke the invitation for sent.by.editor@example.com',
    }),
  ).toBeInTheDocument();
});

test('no pending invitation says so', async () => {
  staffApi();
  server.use(http.get(`${API}/invitations`, () => HttpResponse.json([])));
  renderApp('/admin/staff');
  const section = await screen.findByRole('region', { name: 'Pending invitations' });
  expect(await within(section).findByText('No pending invitations.')).toBeInTheDocument();
});
