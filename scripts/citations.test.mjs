import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: a comment, a test name or a doc may point at a decision record,
 * docs/product.md or another file here, never at a document a person who clones the project cannot
 * open (the team's design notes, the first product's specification, a numbered issue). The pattern
 * is put together from parts so that this file does not match it.
 */
const SECTION = '\u00a7';
const CITATIONS = [
  ['DESIGN', '\\.md'].join(''),
  '\\bspec [12]\\b',
  `spec [12] ?${SECTION}`,
  `${SECTION} ?[0-9]`,
  ["the spec", "'s"].join(''),
  '\\b[Ii]ssue [0-9]+\\b',
  ['\\bthe', ' issue\\b'].join(''),
].join('|');

const SEARCHED = ['src', 'e2e', 'docs', 'scripts', 'bench', 'README.md'];
const root = path.resolve(import.meta.dirname, '..');

describe('the repository cites only what it holds', () => {
  it('has no comment, test name or doc that points at a document outside the repository', () => {
    // --untracked: a new file is held to the rule before it is committed.
    const grep = spawnSync('git', ['grep', '--untracked', '-nIE', CITATIONS, '--', ...SEARCHED], { cwd: root, encoding: 'utf8' });
    // git grep answers 1 when nothing matches; anything above is git failing.
    expect(grep.status, grep.stderr).toBeLessThanOrEqual(1);
    expect(grep.stdout.split('\n').filter(Boolean)).toEqual([]);
  });
});
