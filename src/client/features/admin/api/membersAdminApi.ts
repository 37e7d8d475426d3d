// The members API's admin side: the list with its counts, a member's removal and the CSV import (the export is a
// plain download link). Only the admin chunk imports this.
import { blogApi } from '../../../api/blogApi';
import { postCsv } from './postCsv';
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
    importMembers: build.mutation<MemberImportReport, string>({
      queryFn: (csv) => postCsv<MemberImportReport>('members/import', csv),
      invalidatesTags: ['Members'],
    }),
  }),
});
