import type { ClientRequest } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs|immer|reselect|redux|redux-thunk|react-redux|use-sync-external-store|@standard-schema)[\\/]/;

/**
 * Our code every visitor page loads, in one file (see the codeSplitting groups below): the chrome the entry imports
 * (layout, routes, theme, store) and the small modules most pages share, the responsive image, the byline and the
 * subscribe form among them (each was a file of its own that the lists and the post pages fetched). The entry keeps
 * only main.tsx (the two files were 10.35 KB gzip, the one is 10.04 KB).
 */
const COMMON =
  /src[\\/](contract[\\/]records|client[\\/]api[\\/](apiErrors|queryHooks|liveNowApi)|client[\\/]components[\\/](useDocumentTitle|TagLinks|live[\\/]LiveBadge|safeUrl|ResponsiveImage|Byline|members[\\/]SubscribeForm)|client[\\/]api[\\/]tagsApi|contract[\\/]live|client[\\/](shell[\\/](Layout|router)|components[\\/](RichText|PageErrorBoundary|markTrees|SpriteIcon)|features[\\/]theme[\\/]\w+|app[\\/](authSlice|store|useHydrated|hooks)))\.tsx?$/;

/**
 * A live post's code (its coverage, the stream, the entries' parts and their styles): one file where Rolldown would
 * make three, as the writer's desk shares all but the reader's part. Not with their dependencies (the default), which
 * would bring the badge every story list shows.
 */
const LIVE =
  /src[\\/](client[\\/](api[\\/]liveApi|components[\\/]live[\\/](LiveParts|Live\.module)|features[\\/]post[\\/]live[\\/]LiveCoverage)|contract[\\/]markText)\.(tsx?|scss)$/;

/** The lazy chunks of staff, not readers (admin pages, session guard and requests, sign-in card), by file name. */
const ADMIN_CHUNK =
  /(AdminPages|NewPostPage|PostsPage|EditPage|HistoryPage|TrashPage|StaffPage|AccountPage|PreviewPage|LiveDeskPage|ReviewPage|InboxPage|AdminNav|RequireSession|session|AuthPage)-[\w-]+\.js$/;

// react-router's package exports always pick its development build (dev warnings kept, 0.5 KB gzip more); the
// production build it ships beside it is what visitors get.
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Lets Rolldown drop the parts of react-router's production build that the app never uses. The build defines its
 * components as `var Form = React.forwardRef(…); Form.displayName = "Form";` and its contexts likewise, with no
 * `@__PURE__` mark: a call or a property write at module level may have side effects, so every one of them is kept
 * (forms, fetchers, scroll restoration, route-module links: about 1.5 KB gzip for every visitor). Marking those calls
 * pure and dropping the displayName writes (names for React's developer tools, which production never shows) leaves
 * exactly what the app uses; nothing else in the file changes.
 */
const reactRouterTreeShaking = {
  name: 'react-router-tree-shaking',
  apply: 'build' as const,
  transform(code: string, id: string) {
    if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
    return code
      .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";$/gm, '')
      .replace(/(?<![\w$.])(React\d*\.(?:forwardRef|memo|createContext)\()/g, '/* @__PURE__ */ $1');
  },
};

// uglify-js ships no types: the one call made here.
type Uglify = { minify(code: string, options: object): { code: string; error?: Error } };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const uglify = require('uglify-js') as Uglify;

/**
 * A second minifying pass over each chunk after Rolldown's own (Oxc): UglifyJS with three compress passes takes another
 * 1.8 KB gzip out of the libraries' chunk (97.4 to 95.55 KB; the third pass 0.08 KB of it, and 0.07 KB of the common
 * chunk) and a little out of ours, which Oxc's options do not (docs/performance.md). It runs last, on the code as
 * written, twice: the second run (its mangling sees the first's output) takes 127 bytes more out of the libraries'
 * chunk and 33 out of the common one, where a fourth compress pass or a third run gain nothing. About 30 s of CPU per
 * build, nearly all of it the libraries' chunk.
 */
const uglifyPass = {
  name: 'uglify-pass',
  apply: 'build' as const,
  enforce: 'post' as const,
  generateBundle: {
    // After Vite's own generateBundle hooks: its import analysis writes each chunk's list of lazy chunks' files there.
    order: 'post' as const,
    handler(_options: unknown, bundle: Record<string, { type: string; code?: string; fileName: string }>) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.code === undefined) continue;
        for (const run of [1, 2]) {
          const result = uglify.minify(chunk.code, { module: true, compress: { passes: 3 }, mangle: true });
          if (result.error) throw new Error(`${chunk.fileName} (run ${run}): ${result.error.message}`);
          chunk.code = result.code;
        }
      }
    },
  },
};

type ManifestEntry = { file: string; src?: string; isDynamicEntry?: boolean; imports?: string[]; css?: string[] };
type BuiltChunk = { type: string; fileName: string; facadeModuleId?: string | null; moduleIds?: string[] };

/**
 * Names in the build manifest each lazily imported module that a chunk group swallowed. A group chunk (the live post's
 * code) is listed under its file name alone, so the server, which looks a page's parts up by module
 * (src/server/pages/routeHints.ts), found no live chunk and never linked its stylesheet: a live post's page then
 * fetched it when the chunk loaded, and the browser recomputed the style and layout of every entry (and the entries
 * moved). Each such module gets the chunk's entry under its own path, as a chunk of its own would have.
 */
const manifestForGroupedModules = {
  name: 'manifest-for-grouped-modules',
  apply: 'build' as const,
  writeBundle(
    this: { getModuleInfo(id: string): { dynamicImporters: readonly string[] } | null },
    options: { dir?: string },
    bundle: Record<string, BuiltChunk>,
  ) {
    const file = path.join(options.dir ?? 'dist/client', '.vite/manifest.json');
    if (!existsSync(file)) return;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
    const byFile = new Map(Object.values(manifest).map((entry) => [entry.file, entry]));
    for (const chunk of Object.values(bundle)) {
      const entry = chunk.type === 'chunk' && !chunk.facadeModuleId ? byFile.get(chunk.fileName) : undefined;
      if (!entry) continue;
      for (const id of chunk.moduleIds ?? []) {
        if (!this.getModuleInfo(id)?.dynamicImporters.length) continue;
        const key = path.relative(process.cwd(), id).split(path.sep).join('/');
        manifest[key] ??= { ...entry, src: key, isDynamicEntry: true };
      }
    }
    writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  },
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;
/**
 * The API refuses a cookie-authorized write whose Origin is not its own. In development the pages come
 * from Vite's own address on this machine, so a write from them is presented to the API as coming from the API's
 * address; any other origin is passed on as it is, and refused.
 */
const devProxy = {
  target: apiTarget,
  configure: (proxy: { on: (event: 'proxyReq', listener: (req: ClientRequest) => void) => void }) =>
    proxy.on('proxyReq', (req) => {
      const origin = req.getHeader('origin');
      if (typeof origin === 'string' && /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d+$/.test(origin))
        req.setHeader('origin', apiTarget);
    }),
};

// `vite build --ssr src/client/entry-server.tsx` (npm run build:ssr): the server-rendering bundle, one ES module file
// (.mjs: the server is CommonJS) that the server loads at run time. The libraries are bundled in too (ssr.noExternal),
// so their production builds are chosen at build time (see `define`): from node_modules, React and RTK would pick
// their development builds (slower, with dev-only checks) unless the server ran with NODE_ENV=production.
const ssrBuild = {
  outDir: 'dist/ssr',
  emptyOutDir: true,
  target: 'node20',
  sourcemap: false,
  copyPublicDir: false,
  rolldownOptions: { output: { entryFileNames: '[name].mjs', codeSplitting: false } },
};

// `vite build --mode boot` (part of npm run build:client, after the app's build): src/client/boot.ts, the one script
// of a server-rendered page, which loads the app after the page. A build of its own: as a second input of the app's
// build it would change how the app is split (Rolldown then moves the modules the entry shares with the pages out of
// the entry chunk, into a dozen small files). It imports only constants, which are inlined: one file, no imports.
const bootBuild = {
  outDir: 'dist/client',
  emptyOutDir: false,
  target: 'es2022',
  sourcemap: false,
  copyPublicDir: false,
  manifest: '.vite/boot-manifest.json',
  rolldownOptions: { input: 'src/client/boot.ts', optimization: { inlineConst: true } },
};

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  // `{}`: typechecked as CommonJS (tsconfig.tools.json), the plugin's CJS signature wants an options object.
  plugins: [
    react({}),
    reactRouterTreeShaking,
    ...(isSsrBuild ? [] : [uglifyPass]),
    ...(isSsrBuild || mode === 'boot' ? [] : [manifestForGroupedModules]),
  ],
  publicDir: 'public',
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction },
            // React's renderer asks for an AsyncLocalStorage, which would turn on Node's async hooks for every request
            // the server answers after its first render (src/client/ssrRequestStorage.ts says why it is not needed).
            ...(isSsrBuild
              ? [{ find: /^(node:)?async_hooks$/, replacement: path.resolve('src/client/ssrRequestStorage.ts') }]
              : []),
          ],
        }
      : {},
  build: isSsrBuild
    ? ssrBuild
    : mode === 'boot'
      ? bootBuild
      : {
          outDir: 'dist/client',
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: false,
          // .vite/manifest.json: the server reads it to preload each page's chunks (src/server/pages/routeHints.ts).
          manifest: true,
          // Every browser we target supports <link rel="modulepreload">; the polyfill would cost every visitor bytes.
          modulePreload: {
            polyfill: false,
            // Staff chunks' JavaScript dependencies are not listed for in-app preloading: every visitor's entry
            // would carry the lists (each admin page adds to them). The chunks still load through their imports, the
            // server's hints preload them on a first load (routeHints.ts), and CSS, which loads only this way, stays.
            // A live post's chunk and a photo/quote/video section's likewise: the post page would carry their lists to
            // every reader of a post that has neither.
            resolveDependencies: (filename, deps) =>
              ADMIN_CHUNK.test(filename) || /\/(live|MediaSection)-[\w-]+\.js$/.test(filename)
                ? deps.filter((dep) => dep.endsWith('.css'))
                : deps,
          },
          rolldownOptions: {
            // Constants imported from another module are written in place: no export, import and name for each.
            optimization: { inlineConst: true },
            output: {
              codeSplitting: {
                // The libraries every page needs change rarely: one long-cached file, apart from our own code.
                groups: [
                  { name: 'vendor', test: VENDOR },
                  // Small modules most visitor pages share: one file instead of four, each with its own imports.
                  { name: 'common', test: COMMON },
                  { name: 'live', test: LIVE, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
  ssr: { noExternal: true },
  // Vite leaves process.env.NODE_ENV to run time in a server bundle; fixing it here drops the libraries' dev builds.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: {
      '/api': devProxy,
      '/uploads': devProxy,
    },
  },
}));
