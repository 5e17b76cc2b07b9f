import { ARTICLE_MESSAGES } from '../../../contract/articles.js';
import { COMMENT_MESSAGES } from '../../../contract/comments.js';
import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type AdminUser,
  type AdminUserPage,
  type AdminUserQuery,
  type Ban,
  type ChannelModeration,
  type CommentPolicy,
  type HeldComment,
  type HeldCommentPage,
  type ModerationCounts,
  type ModerationLogEntry,
  type ModerationLogPage,
  type ModerationQueueQuery,
  type Report,
  type ReportAction,
  type ReportGroup,
  type ReportGroupPage,
  type ReportReason,
  type ReportTarget,
} from '../../../contract/moderation.js';
import { foldForBlocklist } from '../../../contract/moderation.js';
import { paths } from '../../../contract/paths.js';
import type { CacheInvalidation } from '../../lib/cache-invalidation.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/session-user.js';
import { compileBlocklist, type Blocklist } from './blocklist.js';
import type { CommentTargetRow, LogEntryInput, ModerationRepository, SuspensionRow } from './moderation.repository.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Channels whose compiled settings an instance keeps; the least recently loaded go first. */
const COMPILED_CHANNELS_MAX = 2000;
const EXCERPT_CHARS = 200;

export type ModeratorRole = 'admin' | 'owner' | 'editor';

/** A channel's rules as the comment post needs them, read once and kept compiled in memory. */
interface CompiledChannel {
  ownerId: number;
  policy: CommentPolicy;
  words: string[];
  blocklist: Blocklist;
  /** Banned users and when each ban ends (null: never). */
  bans: Map<number, number | null>;
}

/** What the comment post learns: whether the comment shows at once or waits, and why. */
export type CommentDecision = { status: 'published'; cause: null } | { status: 'pending'; cause: 'hold_first' | 'blocked_word' };

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export function createModerationService(deps: {
  repository: ModerationRepository;
  now?: () => number;
  /** Told of each committed write (the response cache, and other instances, drop what it changed). */
  written?: (tags: readonly string[]) => void;
  /** Where writes of other instances are heard: their settings changes drop this instance's compiled copy. */
  invalidation?: Pick<CacheInvalidation, 'subscribe'>;
  /** Told when a write queued an email (an author's notice, an owner's digest, an approved reply's notice): the sender wakes. */
  mailQueued?: () => void;
}) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  const written = deps.written ?? (() => {});
  const compiled = new Map<number, Promise<CompiledChannel | undefined>>();
  // The tags that name a channel's rules: `channel-moderation-{id}`.
  const compiledTag = /^channel-moderation-(\d+)$/;

  function forget(channelId: number) {
    compiled.delete(channelId);
  }
  deps.invalidation?.subscribe((tags) => {
    for (const tag of tags) {
      if (tag === CACHE_TAGS.all) compiled.clear();
      else {
        const named = compiledTag.exec(tag);
        if (named) forget(Number(named[1]));
      }
    }
  });
  /** Drops every instance's compiled copy of a channel's rules (this one's through the same bus). */
  function changed(channelId: number, tags: readonly string[] = []) {
    forget(channelId);
    written([CACHE_TAGS.channelModeration(channelId), ...tags]);
  }

  async function load(channelId: number): Promise<CompiledChannel | undefined> {
    const [ownerId, settings, bans] = await Promise.all([repository.channelOwner(channelId), repository.settings(channelId), repository.activeBans(channelId, now())]);
    if (ownerId === undefined) return undefined;
    const words = settings ? (JSON.parse(settings.blocked_words) as string[]) : [];
    return {
      ownerId,
      policy: settings?.comment_policy ?? 'open',
      words,
      blocklist: compileBlocklist(words),
      bans: new Map(bans.map((ban) => [ban.user_id, ban.until_at === null ? null : Number(ban.until_at)])),
    };
  }

  function channel(channelId: number): Promise<CompiledChannel | undefined> {
    let entry = compiled.get(channelId);
    if (!entry) {
      entry = load(channelId);
      // A failed read is not kept: the next post asks again.
      entry.catch(() => compiled.delete(channelId));
      compiled.set(channelId, entry);
      if (compiled.size > COMPILED_CHANNELS_MAX) compiled.delete(compiled.keys().next().value!);
    }
    return entry;
  }

  /**
   * Who moderates a channel: admins everywhere, the channel's owner and its editors in that channel
   * (writers are not moderators). Every check of this feature (and of comments and articles) asks
   * here. The owner comes from the compiled rules; an editor is asked of channelRole each time, so
   * a change of staff is never answered from a stale copy.
   */
  async function moderatorRole(user: Pick<SessionUser, 'id' | 'isAdmin'> | null, channelId: number | null): Promise<ModeratorRole | null> {
    if (!user) return null;
    if (user.isAdmin) return 'admin';
    if (channelId === null) return null;
    const rules = await channel(channelId);
    if (!rules) return null;
    if (rules.ownerId === user.id) return 'owner';
    return (await repository.channelRole(user.id, channelId)) === 'editor' ? 'editor' : null;
  }

  function isBanned(rules: CompiledChannel, userId: number): boolean {
    if (!rules.bans.has(userId)) return false;
    const until = rules.bans.get(userId);
    return until === null || until === undefined || until > now();
  }

  /**
   * Whether a comment's text shows at once or waits: moderators are never held; a blocked word
   * always waits; under hold_first, so does a reader no moderator has let through (before
   * `approvedBy`, when given).
   */
  async function judge(rules: CompiledChannel, user: SessionUser, channelId: number, content: string, approvedBy?: number): Promise<CommentDecision> {
    if (user.isAdmin || rules.ownerId === user.id) return { status: 'published', cause: null };
    let held: CommentDecision | null = null;
    if (rules.blocklist.matches(content)) held = { status: 'pending', cause: 'blocked_word' };
    else if (rules.policy === 'hold_first' && !(await repository.isApprovedCommenter(channelId, user.id, approvedBy))) held = { status: 'pending', cause: 'hold_first' };
    // The channel's editors are moderators too; asked only when the comment would wait.
    if (held && (await repository.channelRole(user.id, channelId)) !== 'editor') return held;
    return { status: 'published', cause: null };
  }

  /** Moderators of a channel, or 403 (the queue, held comments and the log of someone else's channel). */
  async function requireModerator(user: SessionUser, channelId: number | undefined): Promise<ModeratorRole> {
    if (channelId === undefined) {
      if (!user.isAdmin) throw forbidden('Forbidden: Admin access required');
      return 'admin';
    }
    const role = await moderatorRole(user, channelId);
    if (!role) throw forbidden(MODERATION_MESSAGES.notModerator);
    return role;
  }

  async function record(trx: Parameters<ModerationRepository['log']>[0], entry: Omit<LogEntryInput, 'created_at' | 'target_label'> & { target_label: string }, at: number) {
    await repository.log(trx, { ...entry, target_label: excerpt(entry.target_label).slice(0, 200), created_at: at });
  }

  /** A report's target as its reporter may see it: 404 otherwise; 400 when it is their own. */
  async function reportableTarget(reporter: SessionUser, targetType: ReportTarget, targetId: number): Promise<{ channelId: number | null }> {
    if (targetType === 'comment') {
      const comment = await repository.comment(targetId);
      const visible =
        comment &&
        comment.deleted === 0 &&
        comment.article_published === 1 &&
        (comment.status !== 'pending' || comment.user_id === reporter.id);
      if (!visible) throw notFound(COMMENT_MESSAGES.notFound);
      if (comment.user_id === reporter.id) throw badRequest(MODERATION_MESSAGES.ownContent);
      return { channelId: comment.channel_id };
    }
    if (targetType === 'article') {
      const article = await repository.article(targetId);
      if (!article || article.published !== 1) throw notFound(ARTICLE_MESSAGES.notFound);
      if (article.user_id === reporter.id) throw badRequest(MODERATION_MESSAGES.ownContent);
      return { channelId: article.channel_id };
    }
    const user = await repository.user(targetId);
    if (!user) throw notFound(MODERATION_MESSAGES.userNotFound);
    if (user.id === reporter.id) throw badRequest(MODERATION_MESSAGES.ownContent);
    return { channelId: null };
  }

  function heldToContract(row: CommentTargetRow): HeldComment {
    return {
      id: row.id,
      articleId: row.article_id,
      articleTitle: row.article_title,
      url: `${paths.article(row.article_id, row.article_slug)}#comment-${row.id}`,
      channelId: row.channel_id,
      author: { id: row.user_id, username: row.username },
      content: row.content,
      createdAt: iso(row.created_at),
      cause: row.held_cause ?? 'hold_first',
    };
  }

  function adminUser(row: SuspensionRow): AdminUser {
    const inForce = row.suspended_at !== null && (row.suspended_until === null || Number(row.suspended_until) > now());
    return {
      id: row.id,
      username: row.username,
      isAdmin: row.is_admin === 1,
      createdAt: iso(row.created_at),
      suspension: inForce
        ? {
            reason: row.suspension_reason ?? '',
            until: row.suspended_until === null ? null : iso(row.suspended_until),
            createdAt: iso(row.suspended_at!),
            by: { id: row.suspended_by ?? 0, username: row.by_username ?? '' },
          }
        : null,
    };
  }

  return {
    moderatorRole,

    /**
     * The comment post's gate, from the channel's compiled rules (no query once they are loaded,
     * but for a reader's first comment under hold_first): 403 for a banned reader or a closed
     * channel; held for a blocked word or a first comment; moderators are never held.
     */
    async commentDecision(user: SessionUser, channelId: number, content: string): Promise<CommentDecision> {
      const rules = await channel(channelId);
      if (!rules) return { status: 'published', cause: null };
      if (isBanned(rules, user.id)) throw forbidden(MODERATION_MESSAGES.banned);
      if (rules.policy === 'closed') throw forbidden(MODERATION_MESSAGES.commentsClosed);
      return judge(rules, user, channelId, content);
    },

    /**
     * An edit's gate: the new text is judged as a new comment's (403 for a banned reader, held for
     * a blocked word). Under hold_first only an approval given before the comment was posted lets
     * the edit through: the approval of a held comment was for the words a moderator read, and its
     * edit is words nobody read. A closed channel keeps its comments editable: closing stops new
     * comments, not their authors' corrections, which are still moderated.
     */
    async editDecision(user: SessionUser, channelId: number, content: string, postedAt: number): Promise<CommentDecision> {
      const rules = await channel(channelId);
      if (!rules) return { status: 'published', cause: null };
      if (isBanned(rules, user.id)) throw forbidden(MODERATION_MESSAGES.banned);
      return judge(rules, user, channelId, content, postedAt);
    },

    /** A banned reader's reactions and edits in the channel are refused (403). */
    async assertNotBanned(user: SessionUser, channelId: number): Promise<void> {
      const rules = await channel(channelId);
      if (rules && isBanned(rules, user.id)) throw forbidden(MODERATION_MESSAGES.banned);
    },

    /** Which of these targets the reader has an open report on (a second report would be refused). */
    async reportedBy(reporterId: number, targetType: ReportTarget, targetIds: readonly number[]): Promise<Set<number>> {
      return new Set(await repository.openReportsBy(reporterId, targetType, targetIds));
    },

    /** A reader's ban in the channel while it lasts, and when it ends (null: for good); null when none. */
    async banOf(userId: number, channelId: number): Promise<{ until: number | null } | null> {
      const rules = await channel(channelId);
      if (!rules || !isBanned(rules, userId)) return null;
      return { until: rules.bans.get(userId) ?? null };
    },

    /** Whether new comments are refused in the channel (the article's commentsClosed). */
    async commentsClosed(channelId: number): Promise<boolean> {
      return (await channel(channelId))?.policy === 'closed';
    },

    /** Told after a comment was held: the owner may hear of it. */
    async held(channelId: number): Promise<void> {
      if (await repository.queueDigest(channelId, now())) deps.mailQueued?.();
    },

    async report(reporter: SessionUser, input: { targetType: ReportTarget; targetId: number; reason: ReportReason; text: string | null }): Promise<Report> {
      const { channelId } = await reportableTarget(reporter, input.targetType, input.targetId);
      if (await repository.hasOpenReport(reporter.id, input.targetType, input.targetId)) throw conflict(MODERATION_MESSAGES.alreadyReported);
      const at = now();
      if ((await repository.reportsSince(reporter.id, at - HOUR)) >= MODERATION_LIMITS.reportsPerHour) {
        throw new HttpError(429, MODERATION_MESSAGES.tooManyReports, { 'retry-after': String(HOUR / 1000) });
      }
      const inserted = await repository.insertReport({ reporterId: reporter.id, ...input, channelId, now: at });
      if (!inserted) throw conflict(MODERATION_MESSAGES.alreadyReported);
      if (inserted.digestQueued) deps.mailQueued?.();
      return { id: inserted.id, targetType: input.targetType, targetId: input.targetId, reason: input.reason, text: input.text, createdAt: iso(inserted.created_at) };
    },

    /** A page of the queue: open reports grouped by target, the most recently reported first. */
    async queue(user: SessionUser, query: ModerationQueueQuery): Promise<ReportGroupPage> {
      await requireModerator(user, query.channelId);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'time');
      const rows = await repository.queuePage(query.channelId, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const ids = (type: ReportTarget) => page.filter((row) => row.target_type === type).map((row) => row.target_id);
      const [comments, articles, users, commentReports, articleReports, userReports] = await Promise.all([
        repository.commentsByIds(ids('comment')),
        repository.articlesByIds(ids('article')),
        repository.usersByIds(ids('user')),
        repository.openReportsOf('comment', ids('comment')),
        repository.openReportsOf('article', ids('article')),
        repository.openReportsOf('user', ids('user')),
      ]);
      const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((item) => [item.id, item]));
      const [commentMap, articleMap, userMap] = [byId(comments), byId(articles), byId(users)];
      const reportsByTarget = new Map<string, { id: number; text: string | null }[]>();
      for (const [type, list] of [['comment', commentReports], ['article', articleReports], ['user', userReports]] as const) {
        for (const report of list) {
          const key = `${type}:${report.target_id}`;
          reportsByTarget.set(key, [...(reportsByTarget.get(key) ?? []), report]);
        }
      }
      const gone: { id: number }[] = [];
      const items: ReportGroup[] = [];
      for (const row of page) {
        const reports = reportsByTarget.get(`${row.target_type}:${row.target_id}`) ?? [];
        const base = {
          targetType: row.target_type,
          targetId: row.target_id,
          channelId: row.channel_id,
          count: row.open_count,
          reasons: { spam: row.spam, harassment: row.harassment, misinformation: row.misinformation, other: row.other },
          notes: reports.flatMap((report) => (report.text ? [report.text] : [])).slice(0, 5),
          latestAt: iso(row.latest_at),
          reportIds: reports.map((report) => report.id),
        };
        if (row.target_type === 'comment') {
          const comment = commentMap.get(row.target_id);
          if (!comment || comment.deleted === 1) {
            gone.push(row);
            continue;
          }
          items.push({
            ...base,
            excerpt: excerpt(comment.content),
            url: `${paths.article(comment.article_id, comment.article_slug)}#comment-${comment.id}`,
            author: { id: comment.user_id, username: comment.username },
            hidden: comment.status === 'hidden',
          });
        } else if (row.target_type === 'article') {
          const article = articleMap.get(row.target_id);
          if (!article) {
            gone.push(row);
            continue;
          }
          items.push({ ...base, excerpt: excerpt(article.title), url: paths.article(article.id, article.slug), author: { id: article.user_id, username: article.username }, hidden: false });
        } else {
          const target = userMap.get(row.target_id);
          if (!target) {
            gone.push(row);
            continue;
          }
          items.push({ ...base, excerpt: excerpt(target.description ?? target.username), url: paths.author(target.username), author: { id: target.id, username: target.username }, hidden: false });
        }
      }
      // Targets deleted since they were reported leave the queue as it is read.
      await repository.forgetTargets(gone);
      const last = page.at(-1);
      return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.latest_at), last.id) : null };
    },

    /**
     * Resolves a target's open reports: dismiss closes them; hide (comments) shows everyone but the
     * author and moderators the removal notice; unhide brings the text back (with or without open
     * reports); remove moves an article to drafts with a note, or empties a profile's bio.
     */
    async resolve(user: SessionUser, input: { targetType: ReportTarget; targetId: number; action: ReportAction; reason: string | null }): Promise<{ resolved: number; action: ReportAction }> {
      const { targetType, targetId, action, reason } = input;
      let channelId: number | null;
      let label: string;
      let comment: CommentTargetRow | undefined;
      let article: Awaited<ReturnType<ModerationRepository['article']>>;
      if (targetType === 'comment') {
        comment = await repository.comment(targetId);
        if (!comment || comment.deleted === 1) throw notFound(COMMENT_MESSAGES.notFound);
        channelId = comment.channel_id;
        label = comment.content;
      } else if (targetType === 'article') {
        article = await repository.article(targetId);
        if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
        channelId = article.channel_id;
        label = article.title;
      } else {
        const target = await repository.user(targetId);
        if (!target) throw notFound(MODERATION_MESSAGES.userNotFound);
        channelId = null;
        label = target.username;
      }
      const role = await moderatorRole(user, channelId);
      if (!role) throw forbidden(MODERATION_MESSAGES.notModerator);
      if ((action === 'hide' || action === 'unhide') && targetType !== 'comment') throw badRequest(MODERATION_MESSAGES.hideCommentsOnly);
      if (action === 'remove' && targetType === 'comment') throw badRequest(MODERATION_MESSAGES.removeArticlesOnly);
      if (action !== 'unhide' && (await repository.openCount(targetType, targetId)) === 0) throw notFound(MODERATION_MESSAGES.noOpenReports);
      const at = now();
      const note = reason ?? MODERATION_MESSAGES.defaultRemovalNote;
      const resolved = await repository.transaction(async (trx) => {
        const closed = await repository.resolveReports(trx, targetType, targetId, action, at);
        if (action === 'hide') await repository.setCommentStatus(trx, targetId, 'published', 'hidden');
        if (action === 'unhide') await repository.setCommentStatus(trx, targetId, 'hidden', 'published');
        if (action === 'remove' && article) {
          await repository.removeArticle(trx, { id: article.id, channelId: article.channel_id, note, removedBy: role === 'admin' ? 'admin' : 'owner', actorId: user.id, now: at });
        }
        if (action === 'remove' && targetType === 'user') await repository.clearBio(trx, targetId, at);
        // The author is told, by email to a confirmed address (the sender checks), unless they did it themselves.
        if (action === 'hide' && comment && comment.user_id !== user.id) {
          const notice = { type: 'comment-hidden' as const, commentId: comment.id, articleId: comment.article_id, excerpt: excerpt(comment.content) };
          await repository.notifyAuthor(trx, { userId: comment.user_id, key: `hidden:${comment.id}:${at}`, notice, now: at });
        }
        if (action === 'remove' && article && article.user_id !== user.id) {
          const notice = { type: 'article-removed' as const, articleId: article.id, title: article.title, note };
          await repository.notifyAuthor(trx, { userId: article.user_id, key: `removed:${article.id}:${at}`, notice, now: at });
        }
        await record(trx, { actor_id: user.id, action, target_type: targetType, target_id: targetId, target_label: label, channel_id: channelId, reason }, at);
        return closed;
      });
      if (comment && (action === 'hide' || action === 'unhide')) {
        // The article's cached comments show the change on every instance, as a comment post does.
        written([CACHE_TAGS.article(comment.article_id), CACHE_TAGS.articleLists]);
      }
      if (article && action === 'remove') written([CACHE_TAGS.article(article.id), CACHE_TAGS.articleLists, CACHE_TAGS.channels, CACHE_TAGS.missing]);
      if (action === 'hide' || action === 'remove') deps.mailQueued?.();
      if (targetType === 'user' && action === 'remove') written([CACHE_TAGS.authors]);
      return { resolved, action };
    },

    /** The channel's settings: its moderators read them; anyone else learns nothing (404). */
    async settings(user: SessionUser, channelId: number): Promise<ChannelModeration> {
      const rules = await channel(channelId);
      if (!rules || !(await moderatorRole(user, channelId))) throw notFound(MODERATION_MESSAGES.channelNotFound);
      return { commentPolicy: rules.policy, blockedWords: rules.words };
    },

    /** The owner alone changes them; each instance's compiled copy is dropped. */
    async updateSettings(user: SessionUser, channelId: number, input: ChannelModeration): Promise<ChannelModeration> {
      const rules = await channel(channelId);
      const role = await moderatorRole(user, channelId);
      if (!rules || !role) throw notFound(MODERATION_MESSAGES.channelNotFound);
      if (rules.ownerId !== user.id) throw forbidden(MODERATION_MESSAGES.notModerator);
      // The same word twice (ignoring case and accents) is kept once, as first written.
      const seen = new Set<string>();
      const words = input.blockedWords.filter((word) => {
        const key = foldForBlocklist(word);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const at = now();
      const name = (await repository.channelName(channelId)) ?? String(channelId);
      await repository.transaction(async (trx) => {
        await repository.saveSettings(trx, channelId, input.commentPolicy, words, at);
        await record(trx, { actor_id: user.id, action: 'settings', target_type: 'channel', target_id: channelId, target_label: name, channel_id: channelId, reason: null }, at);
      });
      // Articles say whether comments are closed: every answer that embeds one may change.
      changed(channelId, rules.policy !== input.commentPolicy ? [CACHE_TAGS.all] : []);
      return { commentPolicy: input.commentPolicy, blockedWords: words };
    },

    async heldComments(user: SessionUser, query: ModerationQueueQuery): Promise<HeldCommentPage> {
      await requireModerator(user, query.channelId);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'time');
      const rows = await repository.heldPage(query.channelId, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: page.map(heldToContract), nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.created_at), last.id) : null };
    },

    /** Approve publishes a held comment (and lets its author through from now on); reject deletes it. */
    async decideHeld(user: SessionUser, commentId: number, decision: 'approve' | 'reject'): Promise<HeldComment> {
      const comment = await repository.comment(commentId);
      if (!comment || comment.deleted === 1) throw notFound(COMMENT_MESSAGES.notFound);
      if (!(await moderatorRole(user, comment.channel_id))) throw forbidden(MODERATION_MESSAGES.notModerator);
      if (comment.status !== 'pending') throw conflict(MODERATION_MESSAGES.notHeld);
      const at = now();
      const outcome = await repository.transaction(async (trx) => {
        const done = decision === 'approve' ? await repository.approve(trx, comment, at) : (await repository.reject(trx, commentId)) ? { replyNoticeQueued: false } : undefined;
        if (!done) return undefined;
        await record(trx, { actor_id: user.id, action: decision, target_type: 'comment', target_id: commentId, target_label: comment.content, channel_id: comment.channel_id, reason: null }, at);
        return done;
      });
      // Decided by someone else in between.
      if (!outcome) throw conflict(MODERATION_MESSAGES.notHeld);
      written([CACHE_TAGS.article(comment.article_id), CACHE_TAGS.articleLists]);
      if (outcome.replyNoticeQueued) deps.mailQueued?.();
      return heldToContract(comment);
    },

    /** The bans in force in a channel, newest first (its moderators). */
    async bans(user: SessionUser, channelId: number): Promise<Ban[]> {
      if ((await repository.channelOwner(channelId)) === undefined) throw notFound(MODERATION_MESSAGES.channelNotFound);
      await requireModerator(user, channelId);
      const rows = await repository.activeBans(channelId, now());
      return rows.map((row) => ({
        user: { id: row.user_id, username: row.username },
        reason: row.reason,
        until: row.until_at === null ? null : iso(row.until_at),
        createdAt: iso(row.created_at),
        by: { id: row.by_user_id, username: row.by_username ?? '' },
      }));
    },

    /** Bans a reader by username, or an account on the fediverse that has replied here by its handle. */
    async ban(user: SessionUser, channelId: number, input: { username?: string; handle?: string; reason: string | null; days?: number | null }): Promise<Ban> {
      const ownerId = await repository.channelOwner(channelId);
      if (ownerId === undefined) throw notFound(MODERATION_MESSAGES.channelNotFound);
      await requireModerator(user, channelId);
      const target = input.handle !== undefined ? await repository.userByName(input.handle, true) : await repository.userByName(input.username ?? '');
      if (!target) throw notFound(MODERATION_MESSAGES.userNotFound);
      if (target.id === user.id) throw badRequest(MODERATION_MESSAGES.cannotBanSelf);
      if (target.id === ownerId) throw badRequest(MODERATION_MESSAGES.cannotBanOwner);
      if (target.is_admin === 1) throw badRequest(MODERATION_MESSAGES.cannotBanAdmin);
      const at = now();
      const until = input.days ? at + input.days * DAY : null;
      const done = await repository.transaction(async (trx) => {
        if (!(await repository.ban(trx, { channelId, userId: target.id, reason: input.reason, until, by: user.id, now: at }))) return false;
        await record(trx, { actor_id: user.id, action: 'ban', target_type: 'user', target_id: target.id, target_label: target.username, channel_id: channelId, reason: input.reason }, at);
        return true;
      });
      if (!done) throw conflict(MODERATION_MESSAGES.alreadyBanned);
      changed(channelId);
      return {
        user: { id: target.id, username: target.username },
        reason: input.reason,
        until: until === null ? null : iso(until),
        createdAt: iso(at),
        by: { id: user.id, username: user.username },
      };
    },

    /** A moderator lifts someone else's ban; nobody lifts their own, a banned editor included (403). */
    async unban(user: SessionUser, channelId: number, userId: number): Promise<void> {
      if ((await repository.channelOwner(channelId)) === undefined) throw notFound(MODERATION_MESSAGES.channelNotFound);
      if (userId === user.id) throw forbidden(MODERATION_MESSAGES.cannotUnbanSelf);
      await requireModerator(user, channelId);
      const target = await repository.user(userId);
      const at = now();
      const done = await repository.transaction(async (trx) => {
        if (!(await repository.unban(trx, channelId, userId, at))) return false;
        await record(trx, { actor_id: user.id, action: 'unban', target_type: 'user', target_id: userId, target_label: target?.username ?? String(userId), channel_id: channelId, reason: null }, at);
        return true;
      });
      if (!done) throw notFound(MODERATION_MESSAGES.notBanned);
      changed(channelId);
    },

    async log(user: SessionUser, query: ModerationQueueQuery): Promise<ModerationLogPage> {
      await requireModerator(user, query.channelId);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'count');
      const rows = await repository.logPage(query.channelId, after?.id, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const items: ModerationLogEntry[] = page.map((row) => ({
        id: row.id,
        at: iso(row.created_at),
        actor: { id: row.actor_id, username: row.actor_username ?? '' },
        action: row.action,
        target: { type: row.target_type, id: row.target_id, label: row.target_label },
        channelId: row.channel_id,
        reason: row.reason,
      }));
      return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last.id, last.id) : null };
    },

    /** Open reports and held comments of each channel the user moderates (and the whole site's for admins). */
    async counts(user: SessionUser): Promise<ModerationCounts> {
      const owned = await repository.ownedChannels(user.id);
      const [reports, held] = await Promise.all([repository.openReportCounts(owned), repository.heldCounts(owned)]);
      const byChannel = new Map<number, { channelId: number; reports: number; held: number }>();
      const entry = (id: number) => byChannel.get(id) ?? byChannel.set(id, { channelId: id, reports: 0, held: 0 }).get(id)!;
      for (const row of reports) if (row.channel_id !== null) entry(row.channel_id).reports = Number(row.n);
      for (const row of held) entry(row.channel_id).held = Number(row.n);
      let admin: ModerationCounts['admin'] = null;
      if (user.isAdmin) {
        const [allReports, allHeld] = await Promise.all([repository.openReportCounts('all'), repository.heldCounts('all')]);
        admin = { reports: allReports.reduce((sum, row) => sum + Number(row.n), 0), held: allHeld.reduce((sum, row) => sum + Number(row.n), 0) };
      }
      return { channels: [...byChannel.values()].filter((c) => c.reports > 0 || c.held > 0), admin };
    },

    // ---- Suspensions (admins) ----

    async users(query: AdminUserQuery): Promise<AdminUserPage> {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'count');
      const rows = await repository.users({ q: query.q, suspended: query.suspended, now: now(), after, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: page.map(adminUser), nextCursor: rows.length > query.limit && last ? encodeCursor(last.id, last.id) : null };
    },

    async suspend(admin: SessionUser, userId: number, input: { reason: string; days?: number | null }): Promise<AdminUser> {
      if (userId === admin.id) throw badRequest(MODERATION_MESSAGES.cannotSuspendSelf);
      const target = await repository.user(userId);
      if (!target) throw notFound(MODERATION_MESSAGES.userNotFound);
      if (target.is_admin === 1) throw forbidden(MODERATION_MESSAGES.cannotSuspendAdmin);
      const at = now();
      const until = input.days ? at + input.days * DAY : null;
      await repository.transaction(async (trx) => {
        await repository.suspend(trx, { userId, reason: input.reason, until, by: admin.id, now: at });
        await record(trx, { actor_id: admin.id, action: 'suspend', target_type: 'user', target_id: userId, target_label: target.username, channel_id: null, reason: input.reason }, at);
      });
      return adminUser((await repository.userWithSuspension(userId))!);
    },

    async unsuspend(admin: SessionUser, userId: number): Promise<AdminUser> {
      const target = await repository.user(userId);
      if (!target) throw notFound(MODERATION_MESSAGES.userNotFound);
      const at = now();
      await repository.transaction(async (trx) => {
        await repository.unsuspend(trx, userId);
        await record(trx, { actor_id: admin.id, action: 'unsuspend', target_type: 'user', target_id: userId, target_label: target.username, channel_id: null, reason: null }, at);
      });
      return adminUser((await repository.userWithSuspension(userId))!);
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
