import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  root,
  publicDir: path.resolve(root, 'public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'src/contract'),
      '@': root,
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // bench/frontend.mjs reads it to report what each route loads first.
    manifest: true,
    // No inline module preload polyfill: the Content-Security-Policy forbids inline script.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    // Keep the browser's Host (changeOrigin false): the server refuses state-changing requests whose
    // Origin is neither PUBLIC_URL nor the request's own host, and the dev page's origin is :5173.
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/uploads': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
