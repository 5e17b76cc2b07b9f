import { diffArrays } from 'diff';
import { sanitizeDiffHtml } from '../articles/article-edits.service.js';

/**
 * How long one diff may take (half the 100 ms a 200 KB pair may cost in all: tokens and the
 * sanitizer take the rest), and how far apart two texts may be (in words and tags), before it
 * gives up and shows the whole older text removed and the newer added: a diff runs on the event
 * loop, so its cost must stay bounded whatever two revisions are compared.
 */
const DIFF_TIMEOUT_MS = 50;
const DIFF_MAX_EDIT_LENGTH = 20_000;

/** Stored article HTML as tags, runs of whitespace and words; character references stay inside their word. */
function tokens(html: string): string[] {
  return html.match(/<[^>]*>|\s+|[^\s<]+/g) ?? [];
}

const isTag = (token: string) => token.startsWith('<');

/**
 * Marks a run of changed tokens: its text in `<ins>` or `<del>`, a run per stretch between tags.
 * Added tags stay (they are the newer text's structure); removed tags go, their words stay marked.
 */
function mark(run: string[], element: 'ins' | 'del'): string {
  let out = '';
  let text = '';
  const flush = () => {
    if (text.trim()) out += `<${element}>${text}</${element}>`;
    else out += text;
    text = '';
  };
  for (const token of run) {
    if (!isTag(token)) text += token;
    else {
      flush();
      if (element === 'ins') out += token;
    }
  }
  flush();
  return out;
}

/** Stored HTML cut after each closing block tag: the stretches the first, coarse pass aligns. */
function blocks(html: string): string[] {
  return html.split(/(?<=<\/(?:p|h2|h3|h4|li|ul|ol|blockquote|pre)>|<hr\s*\/?>)/).filter(Boolean);
}

/** Words of one changed stretch against another; past the bound, the whole stretch removed and added. */
function wordDiff(before: string, after: string, deadline: number): string {
  const timeout = deadline - performance.now();
  const changes = timeout > 1 ? diffArrays(tokens(before), tokens(after), { timeout, maxEditLength: DIFF_MAX_EDIT_LENGTH }) : undefined;
  if (!changes) return mark(tokens(before), 'del') + mark(tokens(after), 'ins');
  let html = '';
  for (const change of changes) {
    if (change.added) html += mark(change.value, 'ins');
    else if (change.removed) html += mark(change.value, 'del');
    else html += change.value.join('');
  }
  return html;
}

/**
 * The newer HTML with the words removed since the older in <del> and those added in <ins>, word by
 * word (the `diff` library, bounded). Two passes: the blocks (paragraphs, headings, list items)
 * are aligned first, then only the changed ones are compared word by word, so an edit of one
 * paragraph costs that paragraph, not the whole article. Both texts are stored, sanitized article
 * HTML, so escaped markup (`&lt;script&gt;`) stays escaped; the result is sanitized again like
 * article HTML.
 */
export function diffArticleHtml(before: string, after: string): string {
  const deadline = performance.now() + DIFF_TIMEOUT_MS;
  const changes = diffArrays(blocks(before), blocks(after), { timeout: DIFF_TIMEOUT_MS, maxEditLength: DIFF_MAX_EDIT_LENGTH });
  if (!changes) return sanitizeDiffHtml(mark(tokens(before), 'del') + mark(tokens(after), 'ins'));
  let html = '';
  let removed = '';
  for (const change of changes) {
    const text = change.value.join('');
    if (change.removed) removed += text;
    else if (change.added) {
      html += wordDiff(removed, text, deadline);
      removed = '';
    } else {
      html += mark(tokens(removed), 'del') + text;
      removed = '';
    }
  }
  return sanitizeDiffHtml(html + mark(tokens(removed), 'del'));
}
