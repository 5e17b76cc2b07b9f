import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

describe('JSON nesting depth', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('counts arrays and objects, up to the limit and past it', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[[[[[' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'a "quoted" [[[[ \\ and more [[[[' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify([['\\"', '[[[']]), 2)).toBe(false);
  });

  it('stops at the first level too deep, however long the rest', () => {
    expect(nestsDeeperThan(`${nested(65)}${'x'.repeat(10)}`, 64)).toBe(true);
    expect(nestsDeeperThan('['.repeat(500_000), 64)).toBe(true);
  });
});
