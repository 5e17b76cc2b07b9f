import { describe, expect, it } from 'vitest';
import { correctionLine, correctionsJsonLd } from './corrections.js';

describe('corrections as readers see them', () => {
  it('reads with its kind and date', () => {
    expect(correctionLine({ kind: 'correction', text: 'An earlier version of this article gave the wrong date for the vote.', createdAt: '2026-11-29T10:00:00.000Z' })).toBe(
      'Correction, 29 November 2026: An earlier version of this article gave the wrong date for the vote.',
    );
    expect(correctionLine({ kind: 'update', text: 'New figures.', createdAt: '2026-11-29T23:30:00.000Z' }, 'Asia/Tokyo')).toBe('Update, 30 November 2026: New figures.');
  });

  it('gives the JSON-LD the last public change and each correction as a CorrectionComment', () => {
    const corrections = [{ kind: 'clarification' as const, text: 'The vote is in the hall.', createdAt: '2026-11-29T10:00:00.000Z', revision: 3 }];
    expect(correctionsJsonLd({ updatedAt: '2026-11-29T10:00:00.000Z', lastEdited: '2026-11-28T10:00:00.000Z', corrections })).toEqual({
      dateModified: '2026-11-29T10:00:00.000Z',
      correction: [{ '@type': 'CorrectionComment', text: 'Clarification: The vote is in the hall.', datePublished: '2026-11-29T10:00:00.000Z' }],
    });
    // Never published through the record (an article from before it): its last edit stands.
    expect(correctionsJsonLd({ updatedAt: null, lastEdited: '2026-11-28T10:00:00.000Z', corrections: [] })).toEqual({ dateModified: '2026-11-28T10:00:00.000Z' });
  });
});
