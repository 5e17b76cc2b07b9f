// `npm install` (postinstall): make the project run on a supported Node.
//
// Broadsheet runs on Node 24 LTS (22.22 or later is supported). When the `node` that runs npm is
// that new, nothing is installed and everything runs on it. When it is older, the project brings
// its own pinned Node 24 from the npm registry (the `node-<platform>-<arch>` package, which holds
// `bin/node` and `include/node`), puts a small `node` launcher in `node_modules/.bin` (npm puts that
// folder first on PATH for `npm start`, `npm test`, `npm run …` and `npx …`), and rebuilds the one
// native module compiled against Node's own ABI (better-sqlite3) with those headers. Where the
// registry has no such package for the platform, the install stops and says which Node to install.
// Why this and not a version manager: docs/decisions/043-a-pinned-node-runtime.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const RUNTIME_VERSION = '24.22.3';
const MINIMUM = [22, 22, 0];
// The registry's own integrity of each package this script may fetch, so a tampered mirror or cache
// is refused.
const PACKAGES = {
  'linux-x64': 'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==',
  'linux-arm64': 'sha512-IZx0J52/1NDwAsY2iyWR9nlPIYuYviTWetjj8+ElvYQh2+XRhLfCfkbFEF/2O5vGI2hcUbyPNHV+nz342FbJXw==',
};
// Native modules built against V8's own ABI, each with code that fails unless its build fits the
// Node running it; the others (argon2, sharp) use Node-API and load on any Node.
const ABI_MODULES = { 'better-sqlite3': "new (require('better-sqlite3'))(':memory:').close()" };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binDir = path.join(root, 'node_modules', '.bin');
const launcher = path.join(binDir, 'node');
const runtimeDir = path.join(root, 'node_modules', '.runtime', `node-v${RUNTIME_VERSION}-${process.platform}-${process.arch}`);
const MARK = '# broadsheet-runtime';

export function supports(version) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    if (parts[i] !== MINIMUM[i]) return parts[i] > MINIMUM[i];
  }
  return true;
}

function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', ...options });
}

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

// The Node that runs npm itself: the machine's own, whatever `node` npm put first on PATH.
const systemNode = process.env.npm_node_execpath ?? process.execPath;
const npmCli = process.env.npm_execpath;
const systemVersion = run(systemNode, ['-p', 'process.versions.node']).stdout.trim();

function ours(file) {
  try {
    return fs.readFileSync(file, 'utf8').includes(MARK);
  } catch {
    return false;
  }
}

function npm(args, env, stdout = 'inherit') {
  const [command, prefix] = npmCli ? [systemNode, [npmCli]] : ['npm', []];
  return run(command, [...prefix, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'] });
}

function fetchRuntime(key, integrity) {
  if (fs.existsSync(path.join(runtimeDir, 'bin', 'node'))) return;
  const name = `node-${key}@${RUNTIME_VERSION}`;
  console.log(`Node ${systemVersion} is older than Broadsheet supports: fetching Node ${RUNTIME_VERSION} (${name}) from the npm registry…`);
  const scratch = fs.mkdtempSync(path.join(root, 'node_modules', '.runtime-'));
  try {
    const packed = npm(['pack', name, '--pack-destination', scratch, '--silent'], {}, 'ignore');
    const tarball = fs.readdirSync(scratch).find((file) => file.endsWith('.tgz'));
    if (packed.status !== 0 || !tarball) fail(`Could not fetch ${name} from the npm registry. Install Node ${RUNTIME_VERSION} (or 22.22 or later) and run npm install again.`);
    const file = path.join(scratch, tarball);
    const digest = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(file)).digest('base64')}`;
    if (digest !== integrity) fail(`${name} from the registry does not match its known integrity (${digest}): refusing to run it.`);
    const unpacked = path.join(scratch, 'unpacked');
    fs.mkdirSync(unpacked);
    const untar = run('tar', ['-xzf', file, '-C', unpacked, '--strip-components=1']);
    if (untar.status !== 0) fail(`Could not unpack ${name}: ${untar.stderr}`);
    fs.mkdirSync(path.dirname(runtimeDir), { recursive: true });
    fs.rmSync(runtimeDir, { recursive: true, force: true });
    fs.renameSync(unpacked, runtimeDir);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function writeLauncher() {
  fs.mkdirSync(binDir, { recursive: true });
  const body = [
    '#!/bin/sh',
    `${MARK}: runs Node ${RUNTIME_VERSION}, which scripts/runtime.mjs installed because the machine's Node is older.`,
    '# node-gyp builds native modules against these headers, never downloading others.',
    `runtime="$(cd "$(dirname "$0")/${path.relative(binDir, runtimeDir)}" && pwd)"`,
    'npm_config_nodedir="${npm_config_nodedir:-$runtime}"',
    'export npm_config_nodedir',
    'exec "$runtime/bin/node" "$@"',
    '',
  ].join('\n');
  fs.rmSync(launcher, { force: true });
  fs.writeFileSync(launcher, body, { mode: 0o755 });
}

// Rebuilds each ABI-bound module that does not load on the Node the project will run.
function rebuildFor(node, env) {
  for (const [name, probe] of Object.entries(ABI_MODULES)) {
    if (!fs.existsSync(path.join(root, 'node_modules', name))) continue;
    if (run(node, ['-e', probe], { cwd: root }).status === 0) continue;
    console.log(`Building ${name} for Node ${run(node, ['-p', 'process.versions.node']).stdout.trim()}…`);
    if (npm(['rebuild', name], env).status !== 0) fail(`Building ${name} for the project's Node failed (see above).`);
  }
}

/** What the install does for a Node version on a platform: run on it, fetch ours, or refuse. */
export function plan(version, platform, arch) {
  if (supports(version)) return { action: 'system' };
  const key = `${platform}-${arch}`;
  if (PACKAGES[key]) return { action: 'fetch', key, integrity: PACKAGES[key] };
  return {
    action: 'refuse',
    message:
      `Broadsheet needs Node 24 LTS (22.22 or later); this machine runs Node ${version}, ` +
      `and the npm registry has no Node ${RUNTIME_VERSION} package for ${key} that npm install could bring. ` +
      'Install Node 24 LTS (https://nodejs.org/en/download, or your version manager), then run npm install again.',
  };
}

function main() {
  const chosen = plan(systemVersion, process.platform, process.arch);
  if (chosen.action === 'refuse') fail(chosen.message);
  if (chosen.action === 'system') {
    // The machine's Node is new enough: a launcher left from an older Node would shadow it.
    if (ours(launcher)) fs.rmSync(launcher);
    rebuildFor(systemNode, {});
    return;
  }
  fetchRuntime(chosen.key, chosen.integrity);
  writeLauncher();
  const node = path.join(runtimeDir, 'bin', 'node');
  rebuildFor(node, { npm_config_nodedir: runtimeDir, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` });
  console.log(`Broadsheet runs on Node ${RUNTIME_VERSION} (node_modules/.bin/node) under npm start, npm test and npx.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
