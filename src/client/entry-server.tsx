// Server rendering: the same routes and components the browser runs, rendered in a StaticRouter with a store of
// their own per request, whose RTK Query cache the server fills from its repositories (no HTTP call to itself).
// `npm run build` bundles this file with Vite into dist/ssr; the server loads that bundle at run time
// (src/server/pages/render.ts), so server code never imports client code.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';
import { blogApi } from './api/blogApi';
import { AppRoutes, MissingUrl } from './shell/router';
import { SERVER_STATE_ID } from './app/serverState';
import type { ServerState } from './app/serverState';
import { makeStore } from './app/store';
import type { AppStore } from './app/store';
import { liveApi } from './api/liveApi';
import { tagsApi } from './api/tagsApi';
import { homeApi } from './features/landing/homeApi';
import { relatedApi } from './features/post/relatedApi';
import { commentsApi } from './features/post/comments/commentsApi';
import { searchApi } from './features/search/searchApi';
import { authorApi } from './features/author/authorApi';
import { matchesApi } from './features/matches/matchesApi';
import { tagMatchdayApi } from './api/tagMatchdayApi';
import { membersApi } from './features/members/membersApi';
import type { RenderInput, RenderOutput } from '../contract/rendering';
import { jsonForScript } from '../contract/site';
import type { MarkNode } from '../contract/marks';
import { parseMarks } from '../contract/marksParser';
import { MarkTreesContext } from './components/markTrees';

/**
 * The parts of the api slice the client rehydrates (queries and their tags), made the same on every render of the
 * same data, so the page's ETag only changes with its content: no per-request id, and a fixed time of fetching (RTK
 * only asks whether an entry was fulfilled, since refetchOnMountOrArgChange is off).
 */
function embeddableApiState({ queries, provided }: ReturnType<ReturnType<typeof makeStore>['getState']>['api']) {
  const stable = Object.fromEntries(
    Object.entries(queries).map(([key, entry]) => {
      const { requestId: _requestId, ...rest } = entry ?? {};
      return [key, { ...rest, startedTimeStamp: 1, fulfilledTimeStamp: 1 }];
    }),
  );
  return { queries: stable, mutations: {}, provided };
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  const store = makeStore();
  try {
    return await renderWith(store, input);
  } finally {
    // The entries upserted for the page have no subscriber, so RTK Query set a timer (keepUnusedDataFor, 60 s) to drop
    // each: they would keep this request's store, and all it holds, alive for a minute after the page is sent (and a
    // test process running for a minute after its tests). Resetting the api state clears them.
    store.dispatch(blogApi.util.resetApiState());
  }
}

async function renderWith(
  store: AppStore,
  { url, post, list, search, home, author, tags, matches, matchday, member, missing }: RenderInput,
): Promise<RenderOutput> {
  if (post) {
    store.dispatch(blogApi.util.upsertQueryEntries([{ endpointName: 'getBlog', arg: post.id, value: post.post }]));
    // Only a post with a primary tag asks for its related stories.
    if (post.post.tags?.length)
      store.dispatch(
        relatedApi.util.upsertQueryEntries([{ endpointName: 'getRelated', arg: post.id, value: post.related }]),
      );
    // The first page of its approved comments, which the comments section shows before (and without) its chunk.
    if (post.comments)
      store.dispatch(
        commentsApi.util.upsertQueryEntries([{ endpointName: 'getComments', arg: post.post.id, value: post.comments }]),
      );
    // A live post's entries as of the render (the page after `before` for ?before=), read by its lazy live chunk.
    if (post.entries) {
      const { before, ...answer } = post.entries;
      store.dispatch(
        liveApi.util.upsertQueryEntries([{ endpointName: 'getEntries', arg: { id: post.id, before }, value: answer }]),
      );
    }
  }
  // /account: the member the cookie signed in, or null for a visitor (the page's own query, answered).
  if (member)
    store.dispatch(membersApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: member.me }]));
  if (home) store.dispatch(homeApi.util.upsertQueryEntries([{ endpointName: 'getHome', arg: undefined, value: home }]));
  if (author)
    store.dispatch(
      authorApi.util.upsertQueryEntries([{ endpointName: 'getAuthor', arg: author.slug, value: author.data }]),
    );
  if (tags) store.dispatch(tagsApi.util.upsertQueryEntries([{ endpointName: 'getTags', arg: undefined, value: tags }]));
  if (matches) {
    const value = { date: matches.day, timeZone: matches.timeZone, matches: matches.matches };
    store.dispatch(matchesApi.util.upsertQueryEntries([{ endpointName: 'getMatchDay', arg: matches.date, value }]));
  }
  // A tag page's matchday facts; a topic's page seeds null, so the browser asks nothing more.
  if (list?.tag !== undefined) {
    const value = matchday?.value ?? null;
    store.dispatch(tagMatchdayApi.util.upsertQueryEntries([{ endpointName: 'getTagMatchday', arg: list.tag, value }]));
  }
  if (search) {
    const arg = { q: search.q, cursor: search.cursor };
    store.dispatch(searchApi.util.upsertQueryEntries([{ endpointName: 'searchPosts', arg, value: search.answer }]));
  }
  // An infinite query's cache entry is its pages and the param each was fetched with; the client continues from the
  // last page's nextCursor, as if it had fetched this page itself.
  if (list) {
    store.dispatch(
      blogApi.util.upsertQueryEntries([
        { endpointName: 'getBlogs', arg: list.tag, value: { pages: [list.page], pageParams: [list.cursor] } },
      ]),
    );
  }
  const pathname = url.split('?')[0] ?? url;
  const state: ServerState = { api: embeddableApiState(store.getState().api), missing: missing ? url : undefined };

  // Every text with marks the page renders is parsed here, and its tree travels with the page's data.
  const marks = new Map<string, MarkNode[]>();
  const markTree = (text: string) => {
    let tree = marks.get(text);
    if (tree === undefined) marks.set(text, (tree = parseMarks(text)));
    return tree;
  };

  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={store}>
        <MarkTreesContext value={markTree}>
          <StaticRouter location={url}>
            <MissingUrl value={state.missing}>
              <AppRoutes />
            </MissingUrl>
          </StaticRouter>
        </MarkTreesContext>
      </Provider>
    </StrictMode>,
    {
      // React outlines a Suspense boundary larger than this (12.8 KB by default: a long post or story list) into a
      // hidden div that an inline script moves into place. The CSP runs no inline script, and the whole page is
      // ready anyway, so every boundary stays in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  if (failure) throw failure instanceof Error ? failure : new Error(`Rendering ${pathname} failed: ${String(failure)}`);
  if (marks.size > 0) state.marks = Object.fromEntries(marks);
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    stateScript: `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(state)}</script>`,
  };
}
