import type { TestProject } from 'vitest/node';
import { isPostgresReachable, POSTGRES_ADMIN_URL } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAvailable: boolean;
  }
}

/**
 * Decides once per run whether the PostgreSQL suites run. Unreachable PostgreSQL skips them with a
 * loud notice on a developer machine and fails the run in CI (CI=true).
 */
export default async function setup(project: TestProject): Promise<void> {
  const reach = await isPostgresReachable();
  if (!reach.ok) {
    const notice = `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable (${reach.reason})`;
    if (process.env.CI === 'true') throw new Error(`${notice}; CI=true requires the PostgreSQL suites to run.`);
    const bar = '!'.repeat(78);
    console.warn(`\n${bar}\n!! ${notice}\n!! SKIPPING every PostgreSQL API suite. Start PostgreSQL or set TEST_POSTGRES_URL.\n${bar}\n`);
  }
  project.provide('postgresAvailable', reach.ok);
}
