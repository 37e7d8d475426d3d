// The server's own words for a failed request, shared by the post page and the admin's apiErrorMessage
// (features/admin/api/apiErrors.ts). Errors are RTK Query's { status, data } (see apiBaseQuery). Kept this small on
// purpose: it is in the post page's JavaScript, which has to fit in 115 KB.

/** The server's own words for a failed request (the `error` of its JSON answer), or undefined when it gave none. */
export function serverErrorText(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const { data } = error as { data: unknown };
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  const text = (data as { error: unknown }).error;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}
