import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { correctionLine } from '../../../contract/corrections.js';
import { EMAIL_PAGES } from '../../../contract/email.js';
import { paths } from '../../../contract/paths.js';
import type { Database } from '../../db/database.js';
import { PermanentMailError, type MailTransport, type OutgoingMessage } from './mail-types.js';
import { isComplaint, moderationWaiting, type ModerationNotice, type OutboxRepository, type OutboxRow, type ReviewNotice, type StaffNotice } from './outbox.repository.js';
import {
  approveEmailMessage,
  articleRemovedMessage,
  articleReviewedMessage,
  articleSubmittedMessage,
  commentHiddenMessage,
  correctionMessage,
  digestMessage,
  invitationMessage,
  moderationQueueMessage,
  newArticleMessage,
  confirmEmailMessage,
  replyNoticeMessage,
  resetPasswordMessage,
  type ArticleTeaser,
  type RenderedEmail,
  type SiteInfo,
} from './templates.js';
import { articleEmailBlocks } from './article-email-body.js';
import { messageBytes } from './mail-transport.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/**
 * The most a new-article email may weigh as sent (headers, HTML and plain text, encoded): Gmail
 * clips a message past about 102 KB, and a clipped email hides its unsubscribe link. Room is kept
 * for the reader's own address and unsubscribe token, which the size is not measured with.
 */
export const MAX_ARTICLE_EMAIL_BYTES = 100 * 1024;
const PER_READER_SLACK = 1024;
/** After this many failed attempts a message is given up (recorded as failed). */
export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min … capped at an hour, with up to 20 % jitter so instances do not retry in step. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);
  return Math.round(base * (1 + 0.2 * random()));
}

export interface MailSenderOptions {
  db: Database;
  outbox: OutboxRepository;
  transport: MailTransport;
  unsubscribeLinks: UnsubscribeLinks;
  site: SiteInfo;
  from: string;
  digestHourUtc: number;
  claimMs: number;
  log: FastifyBaseLogger;
  /** Rows claimed at a time. */
  batchSize?: number;
  /**
   * Messages between "handed to SMTP" and "recorded" at once: at most the transport's connections
   * (its `connections`), so none waits in its queue; 4 when the transport does not say.
   */
  concurrency?: number;
  pollMs?: number;
  /** Fires when something was queued outside a publish (a confirmation, a reset): the loop wakes at once. */
  queued?: EventTarget;
  now?: () => number;
}

const excerptOf = (text: string, max = 280) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd()}…`;
};

/**
 * Drains the outbox: claims due rows, renders and sends each, and records the outcome row by row.
 * Every instance runs one; they share the work through row claims (EMAIL_CLAIM_SECONDS).
 *
 * Guaranteed:
 * - Nothing is lost. A row stays pending until its outcome is recorded; a sender that dies leaves
 *   its claimed rows to whichever instance claims them once the claim expires.
 * - Nothing is queued twice: one row per (article, subscriber), per (day, reader) for the digest
 *   (the day's digest is queued by whoever inserts that day's 'digest-run' row) and per token for a
 *   confirmation or reset, enforced by unique keys.
 * - Nobody is emailed about a draft, a deleted article, a channel they left or muted, or at an
 *   address that bounced: each is checked again when the message is composed, just before it goes.
 * - A message goes out a second time only if this process dies between the SMTP server's
 *   acceptance and the commit of the row as sent (or the database loses that commit: a power cut
 *   with SQLite's synchronous=NORMAL). It then goes out exactly once more, when another sender
 *   takes the row over after the claim, with the same Message-ID (made from the row); never a
 *   second, different message.
 *
 * How that window is kept as narrow as SMTP allows:
 * - each message is recorded by its own one-row UPDATE, issued the moment its 250 arrives, before
 *   its lane does anything else: never in a batch, never after waiting on another message;
 * - a lane hands SMTP its next message only once its last one is recorded, and there are as many
 *   lanes as SMTP connections, so no more messages are ever between "handed to SMTP" and
 *   "recorded" than there are connections: a crash repeats at most one message per connection;
 * - an accepted message is never retried: if its record fails, the row stays claimed and is taken
 *   over when the claim expires (one resend, same Message-ID);
 * - a message is handed to SMTP only while half its claim remains, so a live sender's claim does
 *   not run out under a message on the wire (another instance would take the row and send it too).
 *
 * Why no SMTP client can close the rest (RFC 1047, "Duplicate messages and SMTP"): the server takes
 * responsibility for a message when it answers 250 to the end of its data (RFC 5321 sections
 * 4.1.1.4 and 6.1), and the client learns that only when the reply arrives; SMTP has no second phase in which
 * the client confirms it heard. A client that dies after sending the final "." cannot know whether
 * the server accepted (the server may even accept after the client is gone), and recording the
 * message as sent BEFORE the 250 would lose every message the server then refused or never got.
 * So the last window, the 250 in flight and its record not yet committed, stays open: a crash in
 * it sends that message again. What mitigates it is the stable Message-ID: the repeat is the same
 * message, which many mail stores and clients show once, and which a reader recognises as a copy.
 */
export function createMailSender(options: MailSenderOptions) {
  const { db, outbox, transport, unsubscribeLinks, site, log } = options;
  const now = options.now ?? Date.now;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const batchSize = options.batchSize ?? 100;
  const concurrency = Math.max(1, Math.min(options.concurrency ?? Infinity, transport.connections ?? 4));
  const pollMs = options.pollMs ?? 1000;
  const messageHost = new URL(site.publicUrl).hostname || 'localhost';
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let digestQueuedForDay = -1;

  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${site.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);
  const messageIdOf = (row: OutboxRow) => `<${createHash('sha256').update(row.dedupe_key).digest('hex').slice(0, 32)}.${row.id}@${messageHost}>`;

  type Teaser = ArticleTeaser & { published: boolean; channelId: number; author: string; content: string; excerptOnly: boolean };
  /** One article's teaser, read once per claimed batch (a publish sends the same article to everyone). */
  let teasers = new Map<number, Promise<Teaser | undefined>>();
  const teaser = (articleId: number) => {
    let found = teasers.get(articleId);
    if (!found) teasers.set(articleId, (found = loadTeaser(articleId)));
    return found;
  };

  async function loadTeaser(articleId: number): Promise<Teaser | undefined> {
    const row = await db
      .selectFrom('articles')
      .innerJoin('channels', 'channels.id', 'articles.channel_id')
      .innerJoin('users', 'users.id', 'articles.user_id')
      .select([
        'articles.id',
        'articles.slug',
        'articles.title',
        'articles.plain_text',
        'articles.content',
        'articles.published',
        'articles.channel_id',
        'channels.name as channel_name',
        'channels.email_excerpt_only',
        'users.username as author',
      ])
      .where('articles.id', '=', articleId)
      .executeTakeFirst();
    if (!row) return undefined;
    const image = await db
      .selectFrom('article_images')
      .select('image_url')
      .where('article_id', '=', articleId)
      .where('in_text', '=', 0)
      .orderBy('cover', 'desc')
      .orderBy('position')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return {
      title: row.title,
      channelName: row.channel_name,
      excerpt: excerptOf(row.plain_text),
      url: absolute(paths.article(row.id, row.slug)),
      imageUrl: image ? absolute(image.image_url) : null,
      published: row.published === 1,
      channelId: row.channel_id,
      author: row.author,
      content: row.content,
      excerptOnly: row.email_excerpt_only === 1,
    };
  }

  async function reader(userId: number) {
    const row = await db
      .selectFrom('users')
      .select((eb) => [
        'id',
        'username',
        'email',
        'notify_replies',
        eb.exists(eb.selectFrom('email_suppressions').select('email_suppressions.email_key').whereRef('email_suppressions.email_key', '=', 'users.email_key')).as('suppressed'),
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? { ...row, suppressed: Boolean(row.suppressed) } : undefined;
  }

  async function listHeaders(userId: number, channelId: number | null, replies = false) {
    const token = await unsubscribeLinks.token(replies ? { userId, channelId: null, replies: true } : { userId, channelId });
    const oneClick = `${site.publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
    return {
      token: encodeURIComponent(token),
      unsubscribeUrl: `${site.publicUrl}${EMAIL_PAGES.unsubscribe}?token=${encodeURIComponent(token)}`,
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /**
   * An article's email is the same for every reader but for the unsubscribe token: it is rendered
   * once per batch with a placeholder, which each reader's token replaces.
   */
  const PLACEHOLDER = 'BROADSHEET-UNSUBSCRIBE-TOKEN';
  let articleRenders = new Map<number, Promise<RenderedEmail>>();
  function articleEmail(article: Teaser, articleId: number, token: string, headers: Record<string, string>): Promise<RenderedEmail> {
    let rendered = articleRenders.get(articleId);
    if (!rendered) {
      rendered = renderArticleEmail(article, headers);
      articleRenders.set(articleId, rendered);
    }
    return rendered.then((email) => ({ subject: email.subject, html: email.html.replaceAll(PLACEHOLDER, token), text: email.text.replaceAll(PLACEHOLDER, token) }));
  }

  /**
   * The whole article when the message fits MAX_ARTICLE_EMAIL_BYTES as nodemailer builds it, else
   * the most blocks that do (found by halving), with "Continue reading".
   */
  async function renderArticleEmail(article: Teaser, headers: Record<string, string>): Promise<RenderedEmail> {
    const unsubscribeUrl = `${site.publicUrl}${EMAIL_PAGES.unsubscribe}?token=${PLACEHOLDER}`;
    const email = { ...article, commentUrl: `${article.url}#comments`, blocks: article.excerptOnly ? null : articleEmailBlocks(article.content, site.publicUrl) };
    const render = (shown?: number) => newArticleMessage(site, { article: email, shown, unsubscribeUrl, settingsUrl: `${site.publicUrl}${paths.profile}` });
    const fits = async (rendered: RenderedEmail) =>
      (await messageBytes({ to: 'reader@example.invalid', from: options.from, subject: rendered.subject, html: rendered.html, text: rendered.text, headers, messageId: '<size@example.invalid>' })) <=
      MAX_ARTICLE_EMAIL_BYTES - PER_READER_SLACK;
    const whole = render();
    if (!email.blocks || (await fits(whole))) return whole;
    let low = 0;
    let high = email.blocks.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (await fits(render(middle))) low = middle;
      else high = middle - 1;
    }
    return render(low);
  }

  /** The replies a reply notice carries, or why it is skipped. */
  async function composeReply(row: OutboxRow, settingsUrl: string): Promise<{ message: Omit<OutgoingMessage, 'messageId' | 'from'>; link: string } | { skip: string }> {
    const target = await reader(row.user_id!);
    if (!target?.email) return { skip: 'no confirmed address' };
    if (target.notify_replies !== 1) return { skip: 'reply emails off' };
    if (target.suppressed) return { skip: 'address bounced before' };
    const since = (JSON.parse(row.payload ?? '{}') as { since?: number }).since ?? 0;
    const notice = await outbox.replyNotice(row.thread_id!, target.id, since, now());
    if (!notice || notice.replies.length === 0) return { skip: notice ? 'no replies left' : 'thread gone' };
    const threadUrl = `${absolute(paths.article(notice.articleId, notice.articleSlug))}#comments`;
    const { unsubscribeUrl, headers } = await listHeaders(target.id, null, true);
    const rendered = replyNoticeMessage(site, { username: target.username, articleTitle: notice.articleTitle, threadUrl, replies: notice.replies, unsubscribeUrl, settingsUrl });
    return { message: { to: target.email, subject: rendered.subject, html: rendered.html, text: rendered.text, headers }, link: threadUrl };
  }

  /** What to send for a row, or why nothing is sent any more. */
  async function compose(row: OutboxRow): Promise<{ message: OutgoingMessage; link: string; reconfirm?: boolean } | { skip: string }> {
    const settingsUrl = `${site.publicUrl}${paths.profile}`;
    const base = (to: string, rendered: RenderedEmail, headers: Record<string, string> = {}): OutgoingMessage => ({
      to,
      from: options.from,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      headers,
      messageId: messageIdOf(row),
    });

    if (row.kind === 'confirm' || row.kind === 'reset' || row.kind === 'approve') {
      const payload = row.payload
        ? (JSON.parse(row.payload) as { link: string; username: string; reconfirm?: boolean; action?: 'change' | 'remove'; newEmail?: string | null })
        : undefined;
      if (!payload || !row.to_address) return { skip: 'no payload' };
      const rendered =
        row.kind === 'confirm'
          ? confirmEmailMessage(site, payload)
          : row.kind === 'reset'
            ? resetPasswordMessage(site, payload)
            : approveEmailMessage(site, { username: payload.username, link: payload.link, action: payload.action ?? 'change', newEmail: payload.newEmail ?? null });
      return { message: base(row.to_address, rendered), link: payload.link, reconfirm: row.kind === 'confirm' && payload.reconfirm === true };
    }

    if (row.kind === 'article') {
      const article = await teaser(row.article_id!);
      if (!article || !article.published) return { skip: article ? 'draft' : 'deleted' };
      // The reader, their subscription and their bounce state in one query (this runs per email).
      const target = await db
        .selectFrom('users')
        .leftJoin('subscriptions', (join) => join.onRef('subscriptions.user_id', '=', 'users.id').on('subscriptions.channel_id', '=', article.channelId))
        .select((eb) => [
          'users.id',
          'users.email',
          'subscriptions.notify',
          eb.exists(eb.selectFrom('email_suppressions').select('email_suppressions.email_key').whereRef('email_suppressions.email_key', '=', 'users.email_key')).as('suppressed'),
        ])
        .where('users.id', '=', row.user_id!)
        .executeTakeFirst();
      if (!target?.email) return { skip: 'no confirmed address' };
      if (!target.notify) return { skip: 'unsubscribed' };
      if (target.notify !== 'each') return { skip: `notify ${target.notify}` };
      if (target.suppressed) return { skip: 'address bounced before' };
      const { token, headers } = await listHeaders(target.id, article.channelId);
      return { message: base(target.email, await articleEmail(article, row.article_id!, token, headers), headers), link: article.url };
    }

    if (row.kind === 'correction') {
      const article = await teaser(row.article_id!);
      if (!article || !article.published) return { skip: article ? 'draft' : 'deleted' };
      const revision = (JSON.parse(row.payload ?? '{}') as { revision?: number }).revision ?? 0;
      const correction = await db
        .selectFrom('article_revisions')
        .select(['correction_kind', 'correction_text', 'created_at'])
        .where('article_id', '=', row.article_id!)
        .where('number', '=', revision)
        .executeTakeFirst();
      if (!correction?.correction_kind || correction.correction_text === null) return { skip: 'correction gone' };
      const target = await reader(row.user_id!);
      if (!target?.email) return { skip: 'no confirmed address' };
      if (target.suppressed) return { skip: 'address bounced before' };
      const { unsubscribeUrl, headers } = await listHeaders(target.id, article.channelId);
      const line = correctionLine({ kind: correction.correction_kind, text: correction.correction_text, createdAt: new Date(Number(correction.created_at)).toISOString() });
      const rendered = correctionMessage(site, { articleTitle: article.title, channelName: article.channelName, url: article.url, line, unsubscribeUrl, settingsUrl });
      return { message: base(target.email, rendered, headers), link: article.url };
    }

    if (row.kind === 'reply') {
      const composed = await composeReply(row, settingsUrl);
      if ('skip' in composed) return composed;
      return { message: { ...composed.message, from: options.from, messageId: messageIdOf(row) }, link: composed.link };
    }

    const user = row.user_id !== null ? await reader(row.user_id) : undefined;
    if (!user?.email) return { skip: 'no confirmed address' };

    if (row.kind === 'moderation') {
      const notice = JSON.parse(row.payload ?? '{}') as ModerationNotice;
      if (notice.type === 'comment-hidden') {
        const article = await teaser(notice.articleId);
        if (!article) return { skip: 'article gone' };
        const url = `${article.url}#comment-${notice.commentId}`;
        return { message: base(user.email, commentHiddenMessage(site, { username: user.username, articleTitle: article.title, excerpt: notice.excerpt, url })), link: url };
      }
      if (notice.type === 'article-removed') {
        const editUrl = absolute(paths.editArticle(notice.articleId));
        return { message: base(user.email, articleRemovedMessage(site, { username: user.username, title: notice.title, note: notice.note, editUrl })), link: editUrl };
      }
      const waiting = await moderationWaiting(db, user.id);
      if (waiting.length === 0) return { skip: 'nothing waiting' };
      // The owner's moderation page of each channel (the web app's /channels/{id}/moderation).
      const channels = waiting.map((c) => ({ name: c.name, reports: c.reports, held: c.held, url: absolute(paths.channelModeration(c.channelId)) }));
      return { message: base(user.email, moderationQueueMessage(site, { username: user.username, channels })), link: channels[0]!.url };
    }

    if (row.kind === 'review') {
      if (user.suppressed) return { skip: 'address bounced before' };
      const notice = JSON.parse(row.payload ?? '{}') as ReviewNotice;
      if (notice.type === 'submitted') {
        const queueUrl = absolute(paths.channelQueue(notice.channelId));
        return { message: base(user.email, articleSubmittedMessage(site, { username: user.username, writer: notice.writer, title: notice.title, queueUrl })), link: queueUrl };
      }
      const editUrl = absolute(paths.editArticle(notice.articleId));
      const rendered = articleReviewedMessage(site, { username: user.username, title: notice.title, approved: notice.type === 'approved', note: notice.note, editUrl });
      return { message: base(user.email, rendered), link: editUrl };
    }

    if (row.kind === 'staff') {
      const notice = JSON.parse(row.payload ?? '{}') as StaffNotice;
      // Cancelled, answered or expired before it went: there is nothing to accept any more.
      const pending = await db
        .selectFrom('staff_invitations')
        .select('id')
        .where('id', '=', notice.invitationId)
        .where('answer', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      if (!pending) return { skip: 'invitation no longer pending' };
      const url = absolute(paths.profile);
      const rendered = invitationMessage(site, { username: user.username, inviter: notice.inviter, channelName: notice.channelName, role: notice.role, url });
      return { message: base(user.email, rendered), link: url };
    }

    if (row.kind === 'digest') {
      const window = JSON.parse(row.payload ?? '{}') as { from?: number; to?: number };
      const ids = await outbox.digestArticles(user.id, window.from ?? 0, window.to ?? 0);
      const articles = (await Promise.all(ids.map((a) => teaser(a.id)))).filter((a): a is NonNullable<typeof a> => Boolean(a?.published));
      if (articles.length === 0) return { skip: 'nothing new' };
      const { unsubscribeUrl, headers } = await listHeaders(user.id, null);
      return { message: base(user.email, digestMessage(site, { articles, unsubscribeUrl, settingsUrl }), headers), link: articles[0]!.url };
    }
    return { skip: `unknown kind ${row.kind}` };
  }

  type Prepared = { row: OutboxRow; message: OutgoingMessage; link: string };

  /**
   * Everything before the SMTP conversation: a publish is fanned out, a message is composed (or
   * recorded as skipped: a draft, a left channel, a bounced address). Answers the message to send,
   * or nothing when the row is already dealt with. Never throws: a failure is recorded on the row.
   */
  async function prepare(row: OutboxRow): Promise<Prepared | undefined> {
    try {
      if (row.kind === 'publish') {
        const queued = await outbox.fanOutPublish(row, workerId, now());
        log.info({ articleId: row.article_id, queued }, 'new-article emails queued');
        return undefined;
      }
      const composed = await compose(row);
      if ('skip' in composed) {
        await outbox.markFinal(row.id, workerId, 'skipped', composed.skip, now());
        return undefined;
      }
      // Article and reply emails checked the reader's address with the reader; every other kind checks here,
      // confirmations included: an address that bounced or complained gets nothing more, whoever asks.
      // The one exception is its owner confirming their own bounced address again (the way a
      // bounce is lifted); an address that reported spam is never written to again.
      if (row.kind !== 'article' && row.kind !== 'reply' && row.kind !== 'correction') {
        const suppression = await outbox.suppressionOf(composed.message.to);
        if (suppression && !(composed.reconfirm && !isComplaint(suppression.reason))) {
          await outbox.markFinal(row.id, workerId, 'skipped', isComplaint(suppression.reason) ? 'address reported spam' : 'address bounced before', now());
          return undefined;
        }
      }
      return { row, message: composed.message, link: composed.link };
    } catch (error) {
      await failed(row, error);
      return undefined;
    }
  }

  /**
   * The SMTP conversation and its record. The row is marked sent by its own statement the moment
   * its 250 arrives, before this lane does anything else; a send that failed is never marked
   * sent, and a send that succeeded is never retried (if recording it fails, the row stays claimed
   * and is taken over after the claim, the one way it can go out again).
   */
  async function deliver({ row, message, link }: Prepared, leaseUntil: number): Promise<void> {
    // Hand a message to SMTP only while at least half the claim remains: a live worker's claim must
    // not run out under a message in flight, or another instance would take the row and send it too.
    if (now() > leaseUntil - options.claimMs / 2) {
      await outbox.release(row.id, workerId).catch(() => undefined);
      return;
    }
    try {
      await transport.send(message, { link, kind: row.kind });
    } catch (error) {
      await failed(row, error);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await outbox.markSent(row.id, workerId, now());
        return;
      } catch (error) {
        if (attempt >= 3) {
          log.error({ err: error, outboxId: row.id }, 'email accepted by the SMTP server but not recorded; it will go out again (same Message-ID) once its claim expires');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  /** A row whose preparation or send failed: a bounce, a retry later, or given up. */
  async function failed(row: OutboxRow, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    try {
      if (error instanceof PermanentMailError) {
        // A bounce: this address gets nothing more until its owner confirms it again.
        if (row.to_address || row.user_id) {
          const to = row.to_address ?? (await reader(row.user_id!))?.email;
          if (to) await outbox.suppress(to, reason, now());
        }
        await outbox.markFinal(row.id, workerId, 'failed', reason, now());
        log.warn({ outboxId: row.id, kind: row.kind, reason }, 'email refused permanently; address suppressed');
        return;
      }
      if (row.attempts >= MAX_ATTEMPTS) {
        await outbox.markFinal(row.id, workerId, 'failed', reason, now());
        log.error({ outboxId: row.id, kind: row.kind, reason }, 'email given up after repeated failures');
        return;
      }
      await outbox.markRetry(row.id, workerId, reason, now() + backoffMs(row.attempts));
      log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, reason }, 'email send failed; will retry');
    } catch (recordError) {
      // The row stays claimed and is taken over when the claim expires.
      log.warn({ err: recordError, outboxId: row.id }, 'email outcome could not be recorded; the row is retried after its claim');
    }
  }

  /** Queues the day's digest once the digest hour has come (once per day across instances). */
  async function maybeQueueDigest(at: number): Promise<void> {
    const day = Math.floor(at / DAY);
    if (digestQueuedForDay === day) return;
    const digestAt = day * DAY + options.digestHourUtc * HOUR;
    if (at < digestAt) return;
    await queueDigest(digestAt);
    digestQueuedForDay = day;
  }

  async function queueDigest(windowEnd: number): Promise<number | undefined> {
    const queued = await outbox.queueDigests(Math.floor(windowEnd / DAY), windowEnd - DAY, windowEnd, now());
    if (queued !== undefined) log.info({ queued }, 'daily digest queued');
    return queued;
  }

  /**
   * One lane per SMTP connection: a lane hands its next message to SMTP only once the previous one
   * is recorded, so no more messages are ever between "handed to SMTP" and "recorded" than there
   * are connections (none waits in the transport's queue while others are sent), and none waits on
   * another message's send or record. To keep its connection busy, a lane composes its next message
   * while the current one is on the wire.
   */
  async function runConcurrently(rows: OutboxRow[], leaseUntil: number): Promise<void> {
    let next = 0;
    const take = () => (next < rows.length ? prepare(rows[next++]!) : undefined);
    const lane = async () => {
      let current = take();
      while (current) {
        const prepared = await current;
        if (!prepared) {
          current = take();
          continue;
        }
        const upcoming = take();
        await deliver(prepared, leaseUntil);
        current = upcoming;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  }

  /** Claims and processes one batch; answers how many rows it handled. */
  async function drainOnce(): Promise<number> {
    const at = now();
    const leaseUntil = at + options.claimMs;
    const rows = await outbox.claim(workerId, batchSize, at, leaseUntil);
    teasers = new Map();
    articleRenders = new Map();
    if (rows.length > 0) await runConcurrently(rows, leaseUntil);
    return rows.length;
  }

  async function run(): Promise<void> {
    while (running) {
      let handled = 0;
      try {
        await maybeQueueDigest(now());
        handled = await drainOnce();
      } catch (error) {
        log.warn({ err: error }, 'email outbox: claiming failed; retrying shortly');
      }
      if (handled === 0 && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      options.queued?.addEventListener('queued', () => wake?.());
      loop = run();
    },
    /** Wakes the loop now (after a publish, a reset request…) instead of at the next poll. */
    nudge() {
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      await transport.close();
    },
    /** Processes everything due now (tests): answers the number of rows handled. */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const handled = await drainOnce();
        if (handled === 0) return total;
        total += handled;
      }
    },
    queueDigest,
  };
}
export type MailSender = ReturnType<typeof createMailSender>;
