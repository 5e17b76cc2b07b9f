import { EMPTY_ARTICLE_FIELDS, pickArticleFields } from '../../../contract/article-fields.js';
import type { Transaction } from 'kysely';
import {
  ARTICLE_MESSAGES,
  AUTOSAVE_MESSAGES,
  NEW_DRAFT_LIMITS,
  type AutosaveArticleInput,
  type AutosaveNewArticleInput,
  type AutosaveResult,
  type NewDraftResult,
} from '../../../contract/articles.js';
import { slugify, stripHtml } from '../../../contract/text.js';
import type { DB } from '../../db/schema.js';
import { HttpError, badRequest, forbidden } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import type { ArticleAccess } from '../articles/article-access.service.js';
import type { ArticleEdits } from '../articles/article-edits.service.js';
import type { ArticlesRepository } from '../articles/articles.repository.js';
import type { Transitions } from '../workflow/transitions.service.js';
import { dropPendingEdit, mergePendingEdit, writerState } from './pending-edits.repository.js';
import { takeSave } from './saves.service.js';

export interface DraftsServiceDeps {
  articles: ArticlesRepository;
  channels: ChannelsRepository;
  access: ArticleAccess;
  edits: ArticleEdits;
  transitions: Transitions;
  transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;
  now?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Autosave and pending edits (docs/decisions/040-drafts-on-the-server.md): what a writer's editor
 * keeps on the server while they type. No revision, and no cache is told: nothing public changes.
 */
export function createDraftsService(deps: DraftsServiceDeps) {
  const { articles, channels, access, edits, transitions, transaction } = deps;
  const now = deps.now ?? Date.now;

  return {
    /**
     * An autosave: the changed fields, made from the version saved at `baseSavedAt`. A draft is
     * saved in place; a published article's go to its pending edit, which readers never see.
     */
    async autosave(id: number, writer: SessionUser, input: AutosaveArticleInput): Promise<AutosaveResult> {
      const owned = await access.ownedRow(id, writer);
      const changes = await edits.autosaveChanges(input);
      // Images in the text get their responsive copies and stay recorded, as on a Save; those it
      // dropped stay too, for an undo, until the writer saves on purpose.
      let inline: { attach(id: number): Promise<void> } | undefined;
      if (changes.content !== undefined) {
        const live = owned.published === 1 ? (await articles.findById(id))?.content : undefined;
        const keep = { keepDropped: true };
        const resolved =
          live === undefined
            ? await edits.inlineImages(changes.content, writer.id, id, keep)
            : await edits.pendingInlineImages(changes.content, live, writer.id, id, keep);
        changes.content = resolved.content;
        inline = resolved;
      }
      const at = now();
      const savedAt = await transaction(async (trx) => {
        const saved = await takeSave(trx, id, input.baseSavedAt, at);
        if (owned.published === 1) {
          await mergePendingEdit(trx, id, changes, saved);
        } else if (Object.values(changes).some((v) => v !== undefined)) {
          await articles.update(
            id,
            {
              fields: changes,
              // A title cleared mid-edit keeps the address the draft has.
              ...(changes.title ? { slug: slugify(changes.title) } : {}),
              ...(changes.content !== undefined ? { plainText: stripHtml(changes.content) } : {}),
              now: at,
            },
            trx,
          );
          if (owned.status === 'in_review') await transitions.leaveReview(trx, { ...owned, title: changes.title || owned.title }, writer, at);
        }
        return saved;
      });
      await inline?.attach(id);
      return { savedAt: iso(savedAt) };
    },

    /** A new article's first autosave: it becomes a draft in the writer's channel (no revision, nothing public). */
    async autosaveNew(author: SessionUser, input: AutosaveNewArticleInput, admit: () => Promise<boolean> = async () => true): Promise<NewDraftResult> {
      if ((await access.roleOf(author, input.channelId)) === null) {
        if ((await channels.ownerOf(input.channelId)) === undefined) throw badRequest(ARTICLE_MESSAGES.selectChannel);
        throw forbidden(ARTICLE_MESSAGES.channelNotOwned);
      }
      // Each new draft is a row kept until deleted: a bound on those open, then on the pace (the route's limiter).
      if ((await articles.openDraftCount(author.id)) >= NEW_DRAFT_LIMITS.openMax) throw new HttpError(429, AUTOSAVE_MESSAGES.tooManyOpenDrafts);
      if (!(await admit())) throw new HttpError(429, AUTOSAVE_MESSAGES.tooManyNewDrafts);
      const changes = await edits.autosaveChanges(input);
      const inline = await edits.inlineImages(changes.content ?? '', author.id, null);
      const content = inline.content;
      const at = now();
      const created = await transaction(async (trx) => {
        const id = await articles.insert(trx, {
          userId: author.id,
          channelId: input.channelId,
          slug: slugify(changes.title ?? ''),
          fields: { ...EMPTY_ARTICLE_FIELDS, ...pickArticleFields(changes), content },
          plainText: stripHtml(content),
          published: false,
          now: at,
        });
        return { id, savedAt: await takeSave(trx, id, undefined, at) };
      });
      await inline.attach(created.id);
      const slug = (await articles.findById(created.id))?.slug ?? slugify(changes.title ?? '');
      return { id: created.id, slug, savedAt: iso(created.savedAt) };
    },

    /** Drops a published article's pending edit (the live text stays); a draft has none, and nothing changes. */
    async discardPendingEdit(id: number, writer: SessionUser): Promise<AutosaveResult> {
      await access.ownedRow(id, writer);
      const at = now();
      const savedAt = await transaction(async (trx) => {
        if (!(await dropPendingEdit(trx, id))) return (await writerState(trx, id))?.savedAt ?? at;
        return takeSave(trx, id, undefined, at);
      });
      return { savedAt: iso(savedAt) };
    },
  };
}
export type DraftsService = ReturnType<typeof createDraftsService>;
