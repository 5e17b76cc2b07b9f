import { foldForBlocklist } from '../../../contract/moderation.js';

/**
 * A channel's blocked words, compiled once (when its settings are read) so that checking a comment
 * costs one fold, one split and a Set lookup per word, however many words are blocked. An entry of
 * several words ("buy now") matches those words in sequence.
 */
export interface Blocklist {
  matches(text: string): boolean;
  readonly size: number;
}

const WORD_SEPARATORS = /[^\p{L}\p{N}]+/u;

function wordsOf(text: string): string[] {
  return foldForBlocklist(text)
    .split(WORD_SEPARATORS)
    .filter((word) => word !== '');
}

export function compileBlocklist(entries: readonly string[]): Blocklist {
  const single = new Set<string>();
  // A phrase is looked for only where its first word appears.
  const phrases = new Map<string, string[][]>();
  for (const entry of entries) {
    const words = wordsOf(entry);
    if (words.length === 0) continue;
    if (words.length === 1) single.add(words[0]!);
    else {
      const list = phrases.get(words[0]!) ?? [];
      list.push(words);
      phrases.set(words[0]!, list);
    }
  }
  const size = single.size + phrases.size;
  return {
    size,
    matches(text: string): boolean {
      if (size === 0) return false;
      const words = wordsOf(text);
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        if (single.has(word)) return true;
        const candidates = phrases.get(word);
        if (candidates?.some((phrase) => phrase.every((part, k) => words[i + k] === part))) return true;
      }
      return false;
    },
  };
}
