import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contract': path.resolve(import.meta.dirname, 'src/contract'),
  '@': path.resolve(import.meta.dirname, 'src/web'),
};

/**
 * Four projects that `npm test` runs: fast unit tests, API integration tests (each file runs
 * against SQLite and, when reachable, PostgreSQL), browser journeys against the built app in
 * Chromium, and the long hardening suites. A fifth, `perf`, holds every wall-clock and memory
 * budget (`*.perf.test.ts`): they say something only on a quiet machine, so `npm run test:perf`
 * runs them on demand and `npm test` never does. A sixth, `screenshots`, only takes pictures of the
 * main pages for a person to look at (`npm run screenshots`).
 *
 * They run in three groups, one after another (sequence.groupOrder): unit and API tests on two
 * workers (they wait on the databases more than they compute; Vitest's default on a 2-core machine
 * is one worker, and that put every file in a row), then the journeys, then the hardening suites,
 * each one file at a time, so no timing a journey or a crash test checks shares the machine with
 * the API files.
 */
export default defineConfig({
  test: {
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
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine; journeys are independent but heavy.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'hardening',
          sequence: { groupOrder: 2 },
          // The long reliability and security suites (fuzzing, stored XSS in Chromium, SIGKILL
          // crash safety, hostile uploads). Part of `npm test`; alone: `npm run test:hardening`.
          include: ['src/**/*.hardening.test.ts', 'e2e/**/*.hardening.test.ts'],
          globalSetup: ['./src/test-support/api-global-setup.ts'],
          setupFiles: ['./src/test-support/fail-on-console-error.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Screenshots of the main pages for a person to look at (`npm run screenshots`); never in
          // `npm test`, where a picture would pass whatever it shows.
          name: 'screenshots',
          sequence: { groupOrder: 4 },
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
          sequence: { groupOrder: 3 },
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
