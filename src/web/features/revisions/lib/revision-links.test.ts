import { describe, expect, it } from 'vitest';
import { selectionOf, selectionSearch } from './revision-links';

describe('the history page address', () => {
  it('shows what the newest revision changed when it names nothing', () => {
    expect(selectionOf(new URLSearchParams(''), 7)).toEqual({ kind: 'changes', number: 7 });
    expect(selectionOf(new URLSearchParams(''), null)).toBeNull();
  });

  it('opens the version or the changes it names', () => {
    expect(selectionOf(new URLSearchParams('version=3'), 7)).toEqual({ kind: 'version', number: 3 });
    expect(selectionOf(new URLSearchParams('changes=2'), 7)).toEqual({ kind: 'changes', number: 2 });
    expect(selectionSearch({ kind: 'version', number: 3 })).toBe('?version=3');
  });

  it('ignores a number that cannot be a revision', () => {
    for (const value of ['0', '-1', 'x', '1.5', '99999999999']) {
      expect(selectionOf(new URLSearchParams(`version=${value}`), 4)).toEqual({ kind: 'changes', number: 4 });
    }
  });
});
