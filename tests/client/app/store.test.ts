// The editor slice is injected by the admin chunk: a visitor's store has no editor state until /admin loads it.
/* eslint-disable @typescript-eslint/no-require-imports -- a fresh module registry per test, as on a first visit */
import type * as StoreModule from '../../../src/client/app/store';
import type * as EditorModule from '../../../src/client/features/admin/draft/editorSlice';

const STORE = '../../../src/client/app/store';
const EDITOR = '../../../src/client/features/admin/draft/editorSlice';

test('the store starts with theme, auth and api, and gains editor when the editor module loads', () => {
  jest.isolateModules(() => {
    const { makeStore } = require(STORE) as typeof StoreModule;
    const store = makeStore();
    expect(Object.keys(store.getState()).sort()).toEqual(['api', 'auth', 'theme']);

    // What loading the lazy admin chunk does.
    const { headerChanged, selectHeader } = require(EDITOR) as typeof EditorModule;
    store.dispatch(headerChanged({ title: 'Derby Day' }));
    expect(Object.keys(store.getState()).sort()).toEqual(['api', 'auth', 'editor', 'theme']);
    expect(selectHeader(store.getState())).toMatchObject({ title: 'Derby Day', readTime: '10 min read' });
  });
});
