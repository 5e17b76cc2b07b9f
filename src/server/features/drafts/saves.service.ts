import type { FastifyReply } from 'fastify';
import type { Transaction } from 'kysely';
import { ARTICLE_MESSAGES, AUTOSAVE_MESSAGES } from '../../../contract/articles.js';
import type { DB } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { claimSave } from './pending-edits.repository.js';

/**
 * Every save of an article, a Save or an autosave, claims the article's save time first
 * (docs/decisions/040-drafts-on-the-server.md): a save made from an older version than the last
 * one is refused, whichever tab or device made the newer one.
 */

/** 409 of a save made from an older version than the article's last save; the route answers `{error, savedAt}`. */
export class SaveConflictError extends HttpError {
  constructor(readonly savedAt: string) {
    super(409, AUTOSAVE_MESSAGES.conflict);
  }
}

/** The save's time, or the conflict (the article gone in between is a 404). */
export async function takeSave(trx: Transaction<DB>, articleId: number, base: string | undefined, at: number): Promise<number> {
  const claimed = await claimSave(trx, articleId, base === undefined ? undefined : Date.parse(base), at);
  if (typeof claimed === 'number') return claimed;
  if (claimed.savedAt === undefined) throw notFound(ARTICLE_MESSAGES.notFound);
  throw new SaveConflictError(new Date(claimed.savedAt).toISOString());
}

/**
 * A save made from an older version answers 409 with the newer save's time, which the editor
 * offers to load: the answer of PATCH /articles/:id and PUT /articles/:id/autosave alike.
 */
export async function answeringConflicts<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SaveConflictError) return reply.status(409).send({ error: error.message, savedAt: error.savedAt });
    throw error;
  }
}
