import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite's word pairs (migration 2026_11_27_1200: a rare phrase at 1,000,000 articles).
 * FTS5 answers a phrase by reading the positions of its words in every article holding all of
 * them, and a word beginning ('council' as the last word of 'harbour council') by first merging
 * the lists of every word that begins so: about 50 ms of CPU for 'harbour council' at 1,000,000
 * articles, 400 ms a request under load. A second FTS5 index holds each article's pairs of
 * neighbouring words as terms of their own ('harbour_council'), in order, so a phrase is a phrase
 * of pairs ('harbour council meets' is "harbour_council council_meets"*): two short lists instead
 * of two of the longest, and the word beginning is the beginning of a pair ('harbour_council*'),
 * which few pairs share.
 *
 * The pairs are cut by this code, not by FTS5's unicode61 tokenizer, which knows the letters of
 * Unicode 6.1 where JavaScript knows today's. So only letters and digits up to U+04FF (Latin,
 * Greek, Cyrillic, all older than 6.1) make pair words and any other character separates them:
 * wherever FTS5 sees two words stand together, so do the pairs (a phrase the word index finds,
 * the pairs find too). A phrase with another character in a word (Chinese, Arabic, …) has no pairs
 * and goes to the word index as before.
 */

// Letters and digits up to U+04FF. Built at run time: TypeScript's target does not know the v flag.
const PAIR_WORDS = new RegExp('[[\\p{L}\\p{N}]&&[\\0-\\u04ff]]+', 'gv');
const PAIR_WORD = new RegExp('^[[\\p{L}\\p{N}]&&[\\0-\\u04ff]]+$', 'v');

/**
 * Lower-cased text written as FTS5's unicode61 folds it: JavaScript writes a word-final sigma as
 * 'ς', unicode61 folds every sigma to 'σ'.
 */
export const unicode61Fold = (lowered: string): string => lowered.replaceAll('ς', 'σ');

/** Runs of the letters and digits a pair may hold (see above), folded. */
const pairWords = (text: string): string[] => unicode61Fold(text.toLowerCase()).match(PAIR_WORDS) ?? [];

/** The pair of a word and the word after it, one term of the pairs' index. */
const pair = (word: string, next: string): string => `${word}_${next}`;

/**
 * A search's words as a phrase of pairs for `article_word_pairs` (FTS5 query syntax), the last
 * word a word beginning; undefined for a single word or a word with a character the pairs leave out.
 * Pair words hold only letters and digits: nothing in them is query syntax.
 */
export function pairPhrase(words: string[]): string | undefined {
  if (words.length < 2 || !words.every((word) => PAIR_WORD.test(word))) return undefined;
  const folded = words.map(unicode61Fold);
  const pairs = folded.slice(1).map((next, i) => pair(folded[i]!, next));
  return `"${pairs.join(' ')}"*`;
}

/** A text's pairs of neighbouring words, in order, space-separated as the pairs' index reads them. */
export function textPairs(text: string | null): string {
  const words = text ? pairWords(text) : [];
  let pairs = '';
  for (let i = 0; i + 1 < words.length; i++) pairs += `${i ? ' ' : ''}${pair(words[i]!, words[i + 1]!)}`;
  return pairs;
}

/**
 * The SQL functions SQLite's schema relies on, on every connection that may write articles: the
 * triggers that keep `article_word_pairs` call `word_pairs(text)`. A connection without it (the
 * sqlite3 shell, say) can read everything but cannot insert or edit an article.
 */
export function registerSqliteFunctions(sqlite: SqliteDatabase.Database): void {
  sqlite.function('word_pairs', { deterministic: true }, (text: unknown) => textPairs(typeof text === 'string' ? text : null));
}
