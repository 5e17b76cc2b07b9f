// npm test: typecheck, lint, build, then the Vitest projects (unit, API on SQLite and PostgreSQL,
// browser journeys in Chromium, hardening; not perf, whose budgets need a quiet machine: npm run
// test:perf). Ends with one summary line 'N passed, N failed, N skipped'.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds}s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

// The Node every step runs on (the machine's own, or the one `npm install` brought: scripts/runtime.mjs).
console.log(`Node ${process.version}`);
const extraArgs = process.argv.slice(2);
const projects = extraArgs.some((arg) => arg.startsWith('--project')) ? [] : ['unit', 'api', 'e2e', 'hardening'].flatMap((name) => ['--project', name]);
step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
step('build', 'npm', ['run', 'build']);

fs.mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
fs.rmSync(report, { force: true });
console.log('\n▶ tests');
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...projects, ...extraArgs],
  { stdio: 'inherit', env: process.env },
);

let summary = null;
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  summary = {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  };
}
if (summary) console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(run.status === 0 && summary && summary.failed === 0 && summary.passed > 0 ? 0 : run.status || 1);
