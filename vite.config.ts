import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = path.resolve(import.meta.dirname, 'src/web');

/** Where the browser build lists the modules of each of its chunks (e2e/reading-bundle.e2e.test.ts reads it). */
const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes, beside Vite's manifest, the source modules each chunk of the browser build holds (by
 * file name, paths relative to the repository), so a check of what a page loads knows what is in
 * each file it fetches, whatever the chunk's name.
 */
function chunkModules(): Plugin {
  return {
    name: 'broadsheet-chunk-modules',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds.map((id) => path.relative(import.meta.dirname, id.replace(/^\0/, '')).split(path.sep).join('/'));
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}

/**
 * Two builds from src/web (DESIGN.md section 7): the browser bundle into dist/web, and with
 * `--ssr entry-server.tsx` the server render into dist/ssr, which the server loads at start.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  publicDir: path.resolve(root, 'public'),
  plugins: [react(), tailwindcss(), chunkModules()],
  resolve: {
    alias: [
      { find: '@contract', replacement: path.resolve(import.meta.dirname, 'src/contract') },
      { find: '@', replacement: root },
    ],
  },
  // The server render bundles lucide (so it holds the icons the pages use: imported from
  // node_modules, all 1,600 of them took 7 MB of the server's heap and a second of its start);
  // React and React Router stay external, loaded from their packages as they ship.
  ssr: { noExternal: command === 'build' ? ['lucide-react'] : [] },
  build: isSsrBuild
    ? {
        outDir: path.resolve(import.meta.dirname, 'dist/ssr'),
        emptyOutDir: true,
        sourcemap: true,
        // Split as the browser's bundle is: a page's own modules (the editor, the charts, the forms)
        // load with the first render that needs them, so an instance serving readers never holds
        // them (in one file, every import of every page loaded at start: 7 MB of heap, 12 MB resident).
      }
    : {
        outDir: path.resolve(import.meta.dirname, 'dist/web'),
        emptyOutDir: true,
        sourcemap: true,
        // The server reads it to preload the opened page's chunk; bench/frontend.mjs to report what each route loads first.
        manifest: true,
        // No inline module preload polyfill: the Content-Security-Policy forbids inline script.
        modulePreload: { polyfill: false },
        // boot.ts imports the app (main.tsx) after the first paint or the reader's first act; what the app
        // imports stays in its chunk, as when it was the entry, rather than split into a score of small
        // shared chunks. What both use keeps a chunk of its own (in the app's, boot.ts would import the
        // app at once): Vite's preload helper, and what boot.ts does before the app starts (the view
        // call and the time-zone cookie, with the API's headers and the cookie's name).
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'preload-helper', test: /preload-helper/, priority: 2 },
                {
                  name: 'before-the-app',
                  test: /src\/(web\/(lib\/(api-client|site|preference-cookies)|features\/articles\/lib\/(view-before-start|view-referrer))|contract\/pages)\.ts$/,
                  priority: 1,
                },
                { name: 'main', test: /src\/web\/main\.tsx$/, includeDependenciesRecursively: true },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
  },
}));
