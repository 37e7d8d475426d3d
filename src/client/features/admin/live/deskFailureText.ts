// What the live desk says when a write fails, written for the writer: its own sentence for each status it can
// explain (a refused token, a gone post, an update before Start), else the server's words as one sentence. Never a
// route or a method: a reason naming one (an API client's hint) gives way to the general sentence.
import { apiErrorMessage } from '../api/apiErrors';
import { TOKEN_REJECTED_TEXT } from '../api/adminApi';

export const NOT_STARTED_TEXT = 'Start coverage first to post updates.';
export const POST_GONE_TEXT = 'This post no longer exists: it may have been deleted.';
const GENERAL_TEXT = 'The server did not accept it. Try again, or reload the desk.';

const DESK_TEXTS: Partial<Record<number, string>> = {
  401: TOKEN_REJECTED_TEXT,
  404: POST_GONE_TEXT,
  409: NOT_STARTED_TEXT,
};

/** A route ("/api/…", "PUT /blogs/:id") or an HTTP method in the text: words meant for an API client. */
const NAMES_A_ROUTE = /\/api\/|\/:\w|\b(GET|PUT|POST|PATCH|DELETE)\s+\//;

export function deskFailureText(error: unknown): string {
  const text = apiErrorMessage(error, DESK_TEXTS)
    .trim()
    .replace(/([.!?])\.+$/, '$1');
  return NAMES_A_ROUTE.test(text) ? GENERAL_TEXT : text;
}
