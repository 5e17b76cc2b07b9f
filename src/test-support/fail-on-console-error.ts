import { afterEach, vi } from 'vitest';

/** An unexpected console.error fails the test that caused it (STYLE.md, Tests). */
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const first = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called:\n${first}`);
  }
  vi.restoreAllMocks();
});
