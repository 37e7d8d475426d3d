// The writer's desk's writes to a live post: its coverage state and match (PUT /api/blogs/:id/live) and its entries
// (POST, PUT and DELETE /api/blogs/:id/entries[/:entryId]), with the session cookie (or a typed token as Bearer).
import { blogApi } from '../../../api/blogApi';
import type { EntryInput, LiveCoverage, LiveEntry, LiveUpdate } from '../../../../contract/live';
import { bearer, blogPath } from './adminApi';

type Target = { id: string; token: string };

export const liveDeskApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    setLive: build.mutation<LiveCoverage, Target & { body: LiveUpdate }>({
      query: ({ id, token, body }) => ({
        url: `${blogPath(id)}/live`,
        method: 'PUT',
        body,
        headers: bearer(token),
        validateStatus: (response) => response.status === 200,
      }),
    }),
    postEntry: build.mutation<LiveEntry, Target & { body: EntryInput }>({
      query: ({ id, token, body }) => ({
        url: `${blogPath(id)}/entries`,
        method: 'POST',
        body,
        headers: bearer(token),
        validateStatus: (response) => response.status === 201,
      }),
    }),
    editEntry: build.mutation<LiveEntry, Target & { entryId: number; body: EntryInput }>({
      query: ({ id, token, entryId, body }) => ({
        url: `${blogPath(id)}/entries/${entryId}`,
        method: 'PUT',
        body,
        headers: bearer(token),
        validateStatus: (response) => response.status === 200,
      }),
    }),
    deleteEntry: build.mutation<null, Target & { entryId: number }>({
      query: ({ id, token, entryId }) => ({
        url: `${blogPath(id)}/entries/${entryId}`,
        method: 'DELETE',
        headers: bearer(token),
        validateStatus: (response) => response.status === 204,
      }),
    }),
  }),
});
