// `npm start` and `npm run admin` run the build they are given: a fresh checkout has none, so the
// first run builds it; after that, `npm run build` (or a deploy's build step) makes a new one.
// Judging sources by their modification times was a guess that rebuilt on a touched file and ran
// a stale build after a checkout that kept old times.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const BUILD = ['dist/web/index.html', 'dist/server/main.js', 'dist/server/import.js', 'dist/ssr/entry-server.js'];

export function hasBuild() {
  return BUILD.every((file) => fs.existsSync(file));
}

export function ensureBuilt() {
  if (hasBuild()) return;
  console.log('No build yet: building Broadsheet (client and server)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
