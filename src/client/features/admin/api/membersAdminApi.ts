// The members API's admin side: the list with its counts, a member's removal and the CSV import (the export is a
// plain download link). Only the admin chunk imports this.
import { baseUrl, blogApi } from '../../../api/blogApi';
import type { ApiQueryError } from '../../../api/apiBaseQuery';
import type { MemberImportReport, MemberList, MemberStatus } from '../../../../contract/members';

export const MEMBERS_EXPORT_URL = '/api/members/export';

export type MembersQuery = { q?: string; status?: MemberStatus; tag?: string; cursor?: string };

/** The list's query string, empty parts left out. */
const queryString = (query: MembersQuery) =>
  new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();

// The tag type joins the api slice here, in the admin's chunk, not in every visitor's.
export const membersAdminApi = blogApi.enhanceEndpoints({ addTagTypes: ['Members'] }).injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<MemberList, MembersQuery>({
      query: (query) => `members?${queryString(query)}`,
      providesTags: ['Members'],
      keepUnusedDataFor: 0,
    }),
    removeMember: build.mutation<null, number>({
      query: (id) => ({
        url: `members/${id}`,
        method: 'DELETE',
        validateStatus: (response) => response.status === 204,
      }),
      invalidatesTags: ['Members'],
    }),
    // The file goes as it is, text/csv (the api slice's requests send JSON).
    importMembers: build.mutation<MemberImportReport, string>({
      queryFn: async (csv) => {
        try {
          const response = await fetch(`${baseUrl}/members/import`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/csv' },
            body: csv,
          });
          const text = await response.text();
          let data: unknown = text;
          try {
            data = JSON.parse(text);
          } catch {
            // a proxy's error page: kept as text
          }
          return response.ok
            ? { data: data as MemberImportReport }
            : { error: { status: response.status, data } satisfies ApiQueryError };
        } catch (error) {
          return { error: { status: 'FETCH_ERROR', error: String(error) } satisfies ApiQueryError };
        }
      },
      invalidatesTags: ['Members'],
    }),
  }),
});
