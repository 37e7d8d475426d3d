// A CSV file sent as it is (text/csv) to an import route, for the admin's imports: the api slice's requests send JSON.
// The answer is the route's report, or the error RTK Query's hooks expect (a proxy's error page kept as text).
import { baseUrl } from '../../../api/blogApi';
import type { ApiQueryError } from '../../../api/apiBaseQuery';

export async function postCsv<T>(path: string, csv: string): Promise<{ data: T } | { error: ApiQueryError }> {
  try {
    const response = await fetch(`${baseUrl}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: csv,
    });
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return response.ok ? { data: data as T } : { error: { status: response.status, data } satisfies ApiQueryError };
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', error: String(error) } satisfies ApiQueryError };
  }
}
