import { LIMITS } from '@contract/limits';
import { cn } from '@/lib/utils';
import { TITLE_COUNTER_FROM, wordCountLabel } from '../lib/word-count';

/** Under the editor: '{n} words · {m} min read' of the text as typed. */
export function EditorWordCount({ html }: { html: string }) {
  return (
    <p data-testid="editor-word-count" className="text-sm text-muted-foreground tabular-nums">
      {wordCountLabel(html)}
    </p>
  );
}

/**
 * Beside the title from 180 characters: '{n}/200'. Past the limit nothing is cut: the counter turns
 * red and says what to do (the form refuses to save it with the contract's message).
 */
export function TitleCounter({ id, title }: { id: string; title: string }) {
  const length = title.trim().length;
  if (length < TITLE_COUNTER_FROM) return null;
  const over = length - LIMITS.titleMax;
  return (
    <span id={id} data-testid="title-counter" className={cn('text-sm tabular-nums', over > 0 ? 'font-medium text-destructive' : 'text-muted-foreground')}>
      {length}/{LIMITS.titleMax}
      {over > 0 && (
        <span role="status">
          {' '}
          · {over} too many: a title can be at most {LIMITS.titleMax} characters
        </span>
      )}
    </span>
  );
}
