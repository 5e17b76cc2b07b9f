// Decides whether dist/ is older than the sources, so `npm start` builds only when it must.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const STAMP = 'dist/.build-stamp';
const INPUTS = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'package.json', 'scripts/build-server.mjs'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

export function isBuildFresh() {
  if (!fs.existsSync(STAMP) || !fs.existsSync('dist/web/index.html') || !fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/ssr/entry-server.js')) return false;
  const built = fs.statSync(STAMP).mtimeMs;
  return INPUTS.every((input) => newestMtime(input) <= built);
}

export function ensureBuilt() {
  if (isBuildFresh()) return;
  console.log('Building Broadsheet (client and server)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(STAMP, new Date().toISOString());
}
