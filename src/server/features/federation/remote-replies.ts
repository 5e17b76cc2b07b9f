import type { Context } from '@fedify/fedify';
import { isActor, Note, type Actor, type Create, type Delete, type Update } from '@fedify/vocab';
import { LIMITS } from '../../../contract/limits.js';
import { HttpError } from '../../lib/errors.js';
import { htmlToPlainText } from '../../lib/html-text.js';
import { remoteAuthor, type CommentsService } from '../comments/comments.service.js';
import type { FederationRepository } from './federation.repository.js';

type Ctx = Context<undefined>;

export interface RemoteReplies {
  /** The site's comments: a reply from the fediverse goes through them, and so through the channel's moderation. */
  comments: Pick<CommentsService, 'create' | 'edit' | 'remove'>;
  repository: FederationRepository;
  /** The article an object id of ours names, or null. */
  ourArticle(ctx: Ctx, id: URL | null): number | null;
  now(): number;
  log(): { info?(obj: object, msg: string): void; warn(obj: object, msg: string): void } | undefined;
}

/** A Note's words as a comment's plain text: no markup, images or scripts; link addresses kept as text. */
export function noteText(content: string): string {
  const text = htmlToPlainText(content);
  return text.length > LIMITS.commentMax ? `${text.slice(0, LIMITS.commentMax - 1).trimEnd()}…` : text;
}

function plainName(value: unknown): string {
  return value == null ? '' : htmlToPlainText(String(value)).slice(0, 100);
}

/**
 * Replies from the fediverse as comments: a Note in reply to one of our articles is a top-level
 * comment, one in reply to such a comment a reply (deeper ones attach to their top-level comment,
 * as local replies do). Its Update edits the comment and its Delete removes it. Whatever the
 * channel's rules refuse (a ban, closed comments, a blocked instance) is dropped; what they hold
 * waits for a moderator.
 */
export function createRemoteReplies(deps: RemoteReplies) {
  const { repository, comments } = deps;

  /** The user row that stands for the actor, brought up to date with its name and profile. */
  async function accountOf(actor: Actor) {
    const id = actor.id!;
    const username = actor.preferredUsername?.toString() || id.pathname.split('/').filter(Boolean).at(-1) || 'unknown';
    const url = actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? id.href);
    return repository.remoteAccount({ actorUri: id.href, handle: `@${username}@${id.host}`, name: plainName(actor.name) || username, url, now: deps.now() });
  }

  /** Refusals by the channel's rules are an answer, not a failure: the activity is accepted and dropped. */
  async function underRules(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        deps.log()?.info?.({ status: error.statusCode, reason: error.message }, `federation: a remote ${what} was refused`);
        return;
      }
      throw error;
    }
  }

  /** The Note the activity carries, when its author is the activity's actor and it lives on the actor's server. */
  async function authoredNote(ctx: Ctx, activity: Create | Update): Promise<Note | null> {
    if (!activity.actorId) return null;
    const object = await activity.getObject({ contextLoader: ctx.contextLoader, documentLoader: ctx.documentLoader });
    if (!(object instanceof Note) || !object.id) return null;
    if (object.id.origin !== activity.actorId.origin) return null;
    if (!object.attributionIds.some((id) => id.href === activity.actorId!.href)) return null;
    return object;
  }

  return {
    async created(ctx: Ctx, create: Create): Promise<void> {
      const note = await authoredNote(ctx, create);
      const target = note?.replyTargetId;
      if (!note || !target) return;
      // One of our articles, or a comment that came from the fediverse.
      let articleId = deps.ourArticle(ctx, target);
      let parentId: number | null = null;
      if (articleId === null) {
        const parent = await repository.commentOfNote(target.href);
        if (!parent) return;
        articleId = parent.article_id;
        parentId = parent.id;
      }
      if (await repository.isBlocked(create.actorId!.host)) return;
      // Delivered twice (a retry, two inboxes): one comment.
      if (await repository.commentOfNote(note.id!.href)) return;
      const actor = await create.getActor({ contextLoader: ctx.contextLoader, documentLoader: ctx.documentLoader });
      if (!actor || !isActor(actor) || actor.id?.href !== create.actorId!.href) return;
      const content = noteText(note.content?.toString() ?? '');
      if (!content) return;
      const account = await accountOf(actor);
      await underRules('reply', () => comments.create(articleId, remoteAuthor(account), { content, parent_id: parentId }, { remoteNoteUri: note.id!.href }));
    },

    async updated(ctx: Ctx, update: Update): Promise<void> {
      const note = await authoredNote(ctx, update);
      if (!note) return;
      const comment = await repository.commentOfNote(note.id!.href);
      if (!comment || comment.actor_uri !== update.actorId!.href) return;
      const content = noteText(note.content?.toString() ?? '');
      if (!content) return;
      const account = await repository.remoteAccountByActor(update.actorId!.href);
      if (!account) return;
      await underRules('edit', () => comments.edit(comment.id, remoteAuthor(account), { content }, { remote: true }));
    },

    /** A Delete of a Note that became a comment; answers whether it named one. */
    async deleted(deletion: Delete): Promise<boolean> {
      if (!deletion.objectId || !deletion.actorId) return false;
      const comment = await repository.commentOfNote(deletion.objectId.href);
      if (!comment || comment.actor_uri !== deletion.actorId.href) return false;
      const account = await repository.remoteAccountByActor(deletion.actorId.href);
      if (!account) return false;
      await underRules('deletion', () => comments.remove(comment.id, remoteAuthor(account)));
      return true;
    },
  };
}
