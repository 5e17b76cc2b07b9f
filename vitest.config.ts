import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './src/test-support/sequencer.js';

const alias = {
  '@contract': path.resolve(import.meta.dirname, 'src/contract'),
  '@': path.resolve(import.meta.dirname, 'src/web'),
};

/**
 * The hardening suites whose outcome hangs on time or on the machine being theirs: a slow body
 * answered at 30 s and the per-address cap at once (slow clients), one user's turn at image
 * processing, the supervisor's restart within seconds, uploads refused as too slow on a busy
 * machine. They run alone, after everything else (`hardening-alone`).
 */
const HARDENING_ALONE = [
  'src/server/http/slow-clients.hardening.test.ts',
  'src/server/features/media/image-turns.hardening.test.ts',
  'src/server/features/media/upload-abuse.hardening.test.ts',
  'e2e/reliability/supervisor.hardening.test.ts',
];
const HARDENING = ['src/**/*.hardening.test.ts', 'e2e/**/*.hardening.test.ts'];

/**
 * Five projects that `npm test` runs: fast unit tests, API integration tests (each file runs
 * against SQLite and, when reachable, PostgreSQL), browser journeys against the built app in
 * Chromium, and the long hardening suites (`hardening`, and `hardening-alone` for those above).
 * Another, `perf`, holds every wall-clock and memory budget (`*.perf.test.ts`): they say something
 * only on a quiet machine, so `npm run test:perf` runs them on demand and `npm test` never does.
 * The last, `screenshots`, only takes pictures of the main pages for a person to look at
 * (`npm run screenshots`).
 *
 * They run in two groups, one after another (sequence.groupOrder): first unit, API, journeys and
 * hardening together on two workers, two files at a time whatever their project (API files wait on
 * the databases, journeys on the browser and their server, so two keep both cores busy; Vitest's
 * default on a 2-core machine is one worker, and that put every file in a row); then
 * `hardening-alone`, one file at a time with the machine to itself. What a journey checks holds
 * however busy the machine is (it waits on what the page shows, never on a clock). The longest
 * files start first (src/test-support/sequencer.ts), so the group does not end on one long file.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          exclude: ['src/**/*.api.test.ts', 'src/**/*.hardening.test.ts', 'src/**/*.perf.test.ts', 'node_modules/**'],
          setupFiles: ['./src/test-support/fail-on-console-error.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          include: ['src/**/*.api.test.ts'],
          globalSetup: ['./src/test-support/api-global-setup.ts'],
          setupFiles: ['./src/test-support/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page that shows what it should, late because the other worker has a core, passes: as
          // long as a locator waits (the journeys' default), not the one second of expect.poll.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'hardening',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          // The long reliability and security suites (fuzzing, stored XSS in Chromium, SIGKILL
          // crash safety, hostile uploads). Part of `npm test`; alone: `npm run test:hardening`.
          include: HARDENING,
          exclude: [...HARDENING_ALONE, 'node_modules/**'],
          globalSetup: ['./src/test-support/api-global-setup.ts'],
          setupFiles: ['./src/test-support/fail-on-console-error.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'hardening-alone',
          sequence: { groupOrder: 1 },
          include: HARDENING_ALONE,
          globalSetup: ['./src/test-support/api-global-setup.ts'],
          setupFiles: ['./src/test-support/fail-on-console-error.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          // One at a time, with nothing else running: what they check depends on it.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Screenshots of the main pages for a person to look at (`npm run screenshots`); never in
          // `npm test`, where a picture would pass whatever it shows.
          name: 'screenshots',
          sequence: { groupOrder: 3 },
          include: ['e2e/**/*.screenshots.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'perf',
          sequence: { groupOrder: 2 },
          include: ['src/**/*.perf.test.ts', 'e2e/**/*.perf.test.ts'],
          globalSetup: ['./src/test-support/api-global-setup.ts'],
          setupFiles: ['./src/test-support/fail-on-console-error.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          // One at a time, alone on the machine: a budget measured beside other work means nothing.
          fileParallelism: false,
        },
      },
    ],
  },
});
