import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = path.resolve(import.meta.dirname, 'src/web');
const reactRouterProduction = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production');

/**
 * React Router 7 points every export condition at its development build (warnings, extra checks;
 * remix-run/react-router#12532, #14102). Builds take the production build it ships beside it, by
 * file, so both entries come from one copy. `npm run dev` keeps the development build's warnings.
 */
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
];

/**
 * Each lucide icon module imports `../createLucideIcon.mjs`; the builds (browser and server) take
 * ours instead, which draws the same markup for a fraction of the render (src/web/lib/lucide-icon.ts).
 * `npm run dev` keeps lucide's own: Vite pre-bundles it for the browser, out of a plugin's reach.
 */
function lighterLucideIcons(): Plugin {
  const iconsDir = path.join('lucide-react', 'dist', 'esm', 'icons');
  const replacement = path.resolve(root, 'lib/lucide-icon.ts');
  return {
    name: 'broadsheet:lighter-lucide-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '../createLucideIcon.mjs' && importer?.includes(iconsDir) ? replacement : null;
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
  plugins: [react(), tailwindcss(), ...(command === 'build' ? [lighterLucideIcons()] : [])],
  resolve: {
    alias: [
      { find: '@contract', replacement: path.resolve(import.meta.dirname, 'src/contract') },
      { find: '@', replacement: root },
      ...(command === 'build' ? productionReactRouter : []),
    ],
  },
  // The server render bundles React Router (so it takes the production build above) and lucide
  // (so it holds the 70 icons the pages use: imported from node_modules, all 1,600 of them took
  // 7 MB of the server's heap and a second of its start); React stays external and picks its
  // production build from NODE_ENV.
  ssr: { noExternal: command === 'build' ? ['react-router', 'lucide-react'] : [] },
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
        // boot.ts imports the app (main.tsx) after the first paint; what the app imports stays in its chunk,
        // as when it was the entry, rather than split into a score of small shared chunks. Vite's preload
        // helper, which both use, keeps its own chunk: in the app's, boot.ts would import the app at once.
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'preload-helper', test: /preload-helper/, priority: 1 },
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
