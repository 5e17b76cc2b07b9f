import { describe, expect, it } from 'vitest';
import { hasPublicHistory } from './public-history';

const created = '2026-11-29T10:00:00Z';

describe('the View history link', () => {
  it('is not offered for an article never published', () => {
    expect(hasPublicHistory({ createdAt: created, updatedAt: null, corrections: [] })).toBe(false);
  });

  it('is not offered while the record holds only the publication', () => {
    expect(hasPublicHistory({ createdAt: created, updatedAt: created, corrections: [] })).toBe(false);
  });

  it('is offered once a published article was edited or corrected', () => {
    expect(hasPublicHistory({ createdAt: created, updatedAt: '2026-11-29T12:00:00Z', corrections: [] })).toBe(true);
    expect(
      hasPublicHistory({
        createdAt: created,
        updatedAt: '2026-11-29T10:00:30Z',
        corrections: [{ kind: 'correction', text: 'The vote was on Tuesday.', createdAt: '2026-11-29T10:00:30Z', revision: 2 }],
      }),
    ).toBe(true);
  });
});
