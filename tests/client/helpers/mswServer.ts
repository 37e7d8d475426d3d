// One msw server for every client test; tests add their own answers with server.use(...).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { samplePost, sampleSummaries } from '../fixtures/posts';
import type { StaffUser } from '../../../src/contract/types';

/** The account GET /api/session answers with by default: admin pages' tests run signed in as the owner. */
export const OWNER: StaffUser = { id: 1, email: 'owner@example.com', name: 'Olive Owner', role: 'owner' };

export const API = 'http://localhost/api';

export const defaultHandlers = [
  http.get(`${API}/session`, () => HttpResponse.json({ user: OWNER })),
  http.get(`${API}/blogs`, () => HttpResponse.json(sampleSummaries)),
  // Every public page asks which posts are live now: none, unless a test says otherwise.
  http.get(`${API}/live`, () => HttpResponse.json({ posts: [] })),
  // The landing page's subscribe form offers the site's tags.
  http.get(`${API}/tags`, () => HttpResponse.json([])),
  // A post's newsletter figures (the edit page and the posts list): mailed to nobody.
  http.get(`${API}/blogs/:id/newsletter`, () => HttpResponse.json({ recipients: 0, sent: 0, failed: 0, pending: 0 })),
  // The desk's reads every admin page makes (the navigation's counts and review queue, the edit page's notes, a new post's profile),
  // and the sign-in card's question whether mail can carry a reset link.
  http.get(`${API}/notifications`, () => HttpResponse.json({ items: [], unread: 0 })),
  http.get(`${API}/reviews`, () => HttpResponse.json([])),
  http.get(`${API}/comments`, () => HttpResponse.json({ items: [], nextCursor: null, pending: 0, reported: 0 })),
  http.get(`${API}/blogs/:id/comments/state`, () => HttpResponse.json({ open: true })),
  http.get(`${API}/blogs/:id/notes`, () => HttpResponse.json([])),
  http.get(`${API}/blogs/:id/review-steps`, () => HttpResponse.json([])),
  http.get(`${API}/password-reset-requests`, () => HttpResponse.json({ mail: false })),
  http.get(`${API}/account/profile`, () => HttpResponse.json({ name: '', title: '', photo: '' })),
  // After a sign-in the card asks whether to ask for the person's name: not, unless a test says otherwise.
  http.get(`${API}/account/name-ask`, () => HttpResponse.json({ ask: false })),
  http.get(`${API}/account/second-factor`, () =>
    HttpResponse.json({ passkeys: [], totp: false, recoveryCodes: 0, policy: 'none', setupRequired: false }),
  ),
  http.get(`${API}/blogs/:id`, ({ params }) =>
    String(params.id) === String(samplePost.id)
      ? HttpResponse.json(samplePost)
      : HttpResponse.json({ error: 'Blog not found' }, { status: 404 }),
  ),
];

export const server = setupServer(...defaultHandlers);
