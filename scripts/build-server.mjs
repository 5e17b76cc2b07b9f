// Bundles the server's TypeScript into dist/server with esbuild (dependencies stay in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', admin: 'src/server/cli/admin.ts', import: 'src/server/cli/import.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built into dist/server');
