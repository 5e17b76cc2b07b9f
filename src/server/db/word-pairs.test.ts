import { describe, expect, it } from 'vitest';
import SqliteDatabase from 'better-sqlite3';
import { pairPhrase, registerSqliteFunctions, textPairs } from './word-pairs.js';

describe('word pairs', () => {
  it('pairs each word with the next, in order, so that a phrase of words is a phrase of pairs', () => {
    expect(textPairs('The harbour council met. The council left.')).toBe(
      'the_harbour harbour_council council_met met_the the_council council_left',
    );
    expect(textPairs('Harbour')).toBe('');
    expect(textPairs(null)).toBe('');
  });

  it('cuts words only from letters and digits FTS5 knows, and lets any other character separate them', () => {
    // Greek, Cyrillic and accented Latin are pair words (every sigma folded to σ, as FTS5 folds it);
    // a Chinese character between two words is a boundary, so the words on each side still pair.
    expect(textPairs('ΟΔΟΣ Ωδείο, Москва café 3.5 km')).toBe('οδοσ_ωδείο ωδείο_москва москва_café café_3 3_5 5_km');
    expect(textPairs('harbour中council')).toBe('harbour_council');
  });

  it("writes a search's words as a phrase of pairs, the last word a beginning", () => {
    expect(pairPhrase(['harbour', 'council'])).toBe('"harbour_council"*');
    expect(pairPhrase(['the', 'harbour', 'co'])).toBe('"the_harbour harbour_co"*');
    expect(pairPhrase(['οδος', 'ωδείο'])).toBe('"οδοσ_ωδείο"*');
    // One word has no pair; a word with a character outside the pairs' alphabet goes to the word index.
    expect(pairPhrase(['harbour'])).toBeUndefined();
    expect(pairPhrase(['東京', 'harbour'])).toBeUndefined();
  });

  it('is the SQL function the pairs trigger calls', () => {
    const sqlite = new SqliteDatabase(':memory:');
    registerSqliteFunctions(sqlite);
    expect(sqlite.prepare('select word_pairs(?) as pairs').get('Quiet Week')).toEqual({ pairs: 'quiet_week' });
    expect(sqlite.prepare('select word_pairs(null) as pairs').get()).toEqual({ pairs: '' });
    sqlite.close();
  });
});
