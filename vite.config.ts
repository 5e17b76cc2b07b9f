import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = path.resolve(import.meta.dirname, 'src/web');

/**
 * Two builds from src/web (DESIGN.md section 7): the browser bundle into dist/web, and with
 * `--ssr entry-server.tsx` the server render into dist/ssr, which the server loads at start.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: path.resolve(root, 'public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'src/contract'),
      '@': root,
    },
  },
  build: isSsrBuild
    ? {
        outDir: path.resolve(import.meta.dirname, 'dist/ssr'),
        emptyOutDir: true,
        sourcemap: true,
        // One file: the server loads it once; page modules need no splitting there.
        rollupOptions: { output: { inlineDynamicImports: true } },
      }
    : {
        outDir: path.resolve(import.meta.dirname, 'dist/web'),
        emptyOutDir: true,
        sourcemap: true,
        // The server reads it to preload the opened page's chunk; bench/frontend.mjs to report what each route loads first.
        manifest: true,
        // No inline module preload polyfill: the Content-Security-Policy forbids inline script.
        modulePreload: { polyfill: false },
      },
  server: {
    port: 5173,
  },
}));
