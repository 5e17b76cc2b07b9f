import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contract': path.resolve(import.meta.dirname, 'src/contract'),
  '@': path.resolve(import.meta.dirname, 'src/web'),
};

/**
 * Three projects: fast unit tests, API integration tests (each file runs against SQLite and,
 * when reachable, PostgreSQL), and browser journeys against the built app in Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          setupFiles: ['./src/test-support/fail-on-console-error.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
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
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine; journeys are independent but heavy.
          fileParallelism: false,
        },
      },
    ],
  },
});
