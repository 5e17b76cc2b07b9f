import { articleText } from './article-text';

/** The writer's reading pace of the editor's figure: 200 words a minute, a minute started counts. */
export const EDITOR_WORDS_PER_MINUTE = 200;

/** From this many characters the title shows its counter; the limit is the contract's. */
export const TITLE_COUNTER_FROM = 180;

/** Words of an article body: runs of letters or digits (a hyphenated or apostrophed word is one). */
export function countWords(html: string): number {
  const text = articleText(html);
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Minutes to read `words` at the editor's pace, rounded up (0 words, 0 minutes). */
export function editorReadingMinutes(words: number): number {
  return Math.ceil(words / EDITOR_WORDS_PER_MINUTE);
}

/** The line under the editor: '{n} words · {m} min read'. */
export function wordCountLabel(html: string): string {
  const words = countWords(html);
  return `${words} ${words === 1 ? 'word' : 'words'} · ${editorReadingMinutes(words)} min read`;
}
