import { describe, expect, it } from 'vitest';
import { countsLabel } from './format';

describe("a channel's moderation badge", () => {
  it('names what waits, in words a screen reader reads out', () => {
    expect(countsLabel(3, 1)).toBe('3 reports, 1 held');
    expect(countsLabel(1, 0)).toBe('1 report');
    expect(countsLabel(0, 2)).toBe('2 held');
    expect(countsLabel(0, 0)).toBe('');
  });
});
