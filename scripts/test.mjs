// npm test: typecheck, lint and build side by side, then the Vitest projects (unit, API on SQLite and PostgreSQL,
// browser journeys in Chromium, hardening; not perf, whose budgets need a quiet machine: npm run
// test:perf). Ends with one summary line 'N passed, N failed, N skipped'.
import fs from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

/**
 * Runs the checks side by side (each is mostly one process on one core; the build uses the rest),
 * each one's output held back and printed whole when it ends, so the three do not interleave.
 */
function checks(steps) {
  return Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n▶ ${title}`);
            if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
            if (status === 0) console.log(`✔ ${title} (${seconds}s)`);
            else console.error(`✖ ${title} failed (${seconds}s)`);
            resolve(status === 0);
          });
        }),
    ),
  );
}

// The Node every step runs on (the machine's own, or the one `npm install` brought: scripts/runtime.mjs).
console.log(`Node ${process.version}`);
const extraArgs = process.argv.slice(2);
const projects = extraArgs.some((arg) => arg.startsWith('--project')) ? [] : ['unit', 'api', 'e2e', 'hardening', 'hardening-alone'].flatMap((name) => ['--project', name]);
const checked = await checks([
  { title: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { title: 'lint', command: 'npx', args: ['eslint', '--max-warnings=0', '.'] },
  { title: 'build', command: 'npm', args: ['run', 'build'] },
]);
if (!checked.every(Boolean)) process.exit(1);

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
