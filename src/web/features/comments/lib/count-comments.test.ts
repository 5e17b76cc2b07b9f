import { describe, expect, it } from 'vitest';
import type { Comment, CommentThread } from '@contract/comments';
import { countComments } from './count-comments';

const comment = (id: number, deleted = false, parent_id: number | null = null): Comment => ({
  id,
  article_id: 1,
  content: deleted ? 'This comment was deleted' : `c${id}`,
  parent_id,
  created_at: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  user: deleted ? null : { id: 1, username: 'ada' },
  deleted,
});
const thread = (c: Comment, replies: Comment[] = []): CommentThread => ({ ...c, replies });

describe('countComments', () => {
  it('counts comments and replies but not deleted placeholders', () => {
    expect(countComments([])).toBe(0);
    expect(countComments([thread(comment(1), [comment(2, false, 1), comment(3, false, 1)]), thread(comment(4))])).toBe(4);
    expect(countComments([thread(comment(1, true), [comment(2, false, 1)])])).toBe(1);
  });
});
