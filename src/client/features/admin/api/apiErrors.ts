// The one place an admin page turns a failed request into text: the page's own text for a status it explains, else
// the server's words (src/client/api/apiErrors.ts) with the fields it named, else what went wrong in general terms.
import { serverErrorText } from '../../../api/apiErrors';

/** The HTTP status of a failed request, or undefined when there was no answer. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * What a page shows for a failed request: the page's own text for a status it explains (`byStatus`, e.g. a rejected
 * token), else the server's words with the fields it named, else what went wrong in general terms.
 */
export function apiErrorMessage(error: unknown, byStatus: Partial<Record<number, string>> = {}): string {
  const status = statusOf(error);
  if (status !== undefined && byStatus[status] !== undefined) return byStatus[status];
  if ((error as { status?: unknown } | null)?.status === 'FETCH_ERROR') return 'The server could not be reached.';
  const message = serverErrorText(error);
  if (message !== undefined) {
    const { details } = (error as { data: { details?: unknown } }).data;
    const fields = Array.isArray(details)
      ? details
          .filter((d): d is { path: string; message: string } => typeof d?.path === 'string')
          .map((d) => `${d.path || 'body'} ${d.message}`)
      : [];
    return fields.length > 0 ? `${message}: ${fields.join('; ')}.` : `${message}.`;
  }
  if (status !== undefined) return `The server answered with status ${status}.`;
  return 'Something went wrong.';
}
