// The one place an API error becomes text. Errors are RTK Query's { status, data } (see apiBaseQuery), or anything a
// page threw itself before asking (an Error: its message is the text).

/** The HTTP status of a failed request, or undefined when there was no answer. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's own words for a failed request (the `error` of its JSON answer), or undefined when it gave none. */
export function serverErrorText(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const { data } = error as { data: unknown };
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  const text = (data as { error: unknown }).error;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/**
 * What a page shows for a failed request: the page's own text for a status it explains (`byStatus`, e.g. a rejected
 * token), else the server's words with the fields it named, else what went wrong in general terms.
 */
export function apiErrorMessage(error: unknown, byStatus: Partial<Record<number, string>> = {}): string {
  const status = statusOf(error);
  if (status !== undefined && byStatus[status] !== undefined) return byStatus[status];
  if (error instanceof Error) return error.message;
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
