import { EMAIL_MESSAGES, EMAIL_PAGES, type DeliveryEvents, type EmailSettings, type NotificationSettings, type NotifyChoice, type UnsubscribeInfo, type UpdateNotificationSettings } from '../../../contract/email.js';
import type { Database } from '../../db/database.js';
import { PASSWORD_MESSAGES } from '../../../contract/auth.js';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../auth/auth.service.js';
import { isSpent, take, type Limiter } from '../../lib/limiters.js';
import type { SessionsService } from '../auth/sessions.service.js';
import { usernameKey } from '../users/users.repository.js';
import { CONFIRM_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, type EmailTokens } from './email-tokens.js';
import { emailKey, type OutboxRepository } from './outbox.repository.js';
import { takeRecipientShare } from './recipient-limits.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

/** The throttles count emails per account (the sign-in throttle's shape: the account key, one fixed 'address'). */

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export interface EmailServiceDeps {
  db: Database;
  tokens: EmailTokens;
  outbox: OutboxRepository;
  sessions: SessionsService;
  unsubscribeLinks: UnsubscribeLinks;
  publicUrl: string;
  /** Confirmation emails per account (a few an hour). */
  confirmLimit: Limiter;
  /** Reset emails per account (a few an hour), whoever asks. */
  resetLimit: Limiter;
  /** Confirmation and approval emails per recipient address (CONFIRM_EMAILS_PER_ADDRESS an hour), whoever asks. */
  recipientLimit: Limiter;
  /** Wakes the sender so the email leaves now rather than at the next poll. */
  onQueued?: () => void;
  now?: () => number;
}

/**
 * The address on the account, password reset by email, notification choices and unsubscribing.
 * The address is read here only for its owner; no other answer of the API includes it.
 */
export function createEmailService(deps: EmailServiceDeps) {
  const { db, tokens, outbox, sessions, unsubscribeLinks } = deps;
  const now = deps.now ?? Date.now;

  const userEmailRow = (userId: number) =>
    db.selectFrom('users').select(['id', 'username', 'email', 'email_key', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  type UserEmailRow = NonNullable<Awaited<ReturnType<typeof userEmailRow>>>;

  async function settingsOf(user: Pick<UserEmailRow, 'id' | 'email'> | undefined, at = now()): Promise<EmailSettings> {
    if (!user) return { email: null, pendingEmail: null, undeliverable: false, pendingApproval: null };
    const [pendingEmail, pendingApproval, undeliverable] = await Promise.all([
      tokens.pendingEmail(user.id, at),
      tokens.pendingApproval(user.id, at),
      user.email ? outbox.isSuppressed(user.email) : false,
    ]);
    return { email: user.email, pendingEmail, undeliverable, pendingApproval };
  }

  /**
   * Only the account's owner may point its mail elsewhere: with a password, they type it; without
   * one (signed in with Google) but with a confirmed address, that address approves by a link.
   * Answers whether an approval is needed.
   */
  async function checkOwner(user: UserEmailRow, currentPassword: string | undefined): Promise<'allowed' | 'approve'> {
    if (user.password_hash !== null) {
      if (!currentPassword) throw badRequest(EMAIL_MESSAGES.currentPasswordRequired);
      if (!(await verifyPassword(user.password_hash, currentPassword))) throw unauthorized(PASSWORD_MESSAGES.currentPasswordIncorrect);
      return 'allowed';
    }
    return user.email ? 'approve' : 'allowed';
  }

  /** One more confirmation or approval email to the account and to the address, or 429. */
  async function takeShares(userId: number, address: string): Promise<void> {
    const account = String(userId);
    // The account's share is only taken once the address has one too: a refused address costs the account nothing.
    if (await isSpent(deps.confirmLimit, account)) throw new HttpError(429, EMAIL_MESSAGES.tooManyConfirmations);
    if (!(await takeRecipientShare(deps.recipientLimit, address))) throw new HttpError(429, EMAIL_MESSAGES.tooManyToAddress);
    await take(deps.confirmLimit, account);
  }

  /** Queues the confirmation link of `email` for the account (only the newest link counts). */
  async function sendConfirmation(user: Pick<UserEmailRow, 'id' | 'username' | 'email_key'>, email: string, at: number): Promise<void> {
    // An address typed by mistake can be corrected at once: older links stop working.
    await tokens.revokeAll(user.id, 'confirm', at);
    const { token, id } = await tokens.issue({ userId: user.id, purpose: 'confirm', email, ttlMs: CONFIRM_TOKEN_TTL_MS, now: at });
    await outbox.enqueue({
      kind: 'confirm',
      dedupeKey: `confirm:${id}`,
      userId: user.id,
      toAddress: email,
      // The owner confirming their own address again is what lifts a bounce (the sender lets it through).
      payload: { username: user.username, link: `${deps.publicUrl}${EMAIL_PAGES.confirm}?token=${token}`, reconfirm: user.email_key === emailKey(email) },
      now: at,
    });
    deps.onQueued?.();
  }

  /** Queues, to the account's confirmed address, the link that approves a change or a removal. */
  async function sendApproval(user: UserEmailRow, action: 'change' | 'remove', newEmail: string | null, at: number): Promise<void> {
    const purpose = action === 'change' ? 'approve-change' : 'approve-remove';
    await tokens.revokeAll(user.id, 'approve-change', at);
    await tokens.revokeAll(user.id, 'approve-remove', at);
    const { token, id } = await tokens.issue({ userId: user.id, purpose, email: newEmail ?? user.email!, ttlMs: CONFIRM_TOKEN_TTL_MS, now: at });
    await outbox.enqueue({
      kind: 'approve',
      dedupeKey: `approve:${id}`,
      userId: user.id,
      toAddress: user.email!,
      payload: { username: user.username, link: `${deps.publicUrl}${EMAIL_PAGES.confirm}?token=${token}`, action, newEmail },
      now: at,
    });
    deps.onQueued?.();
  }

  async function removeAddress(userId: number, at: number): Promise<void> {
    await db.updateTable('users').set({ email: null, email_key: null, updated_at: at }).where('id', '=', userId).execute();
    await tokens.revokeAll(userId, 'confirm', at);
    await tokens.revokeAll(userId, 'reset', at);
    await tokens.revokeAll(userId, 'approve-change', at);
    await tokens.revokeAll(userId, 'approve-remove', at);
  }

  async function notificationsOf(userId: number): Promise<NotificationSettings> {
    const [user, items] = await Promise.all([
      db.selectFrom('users').select(['email', 'notify_replies']).where('id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('subscriptions')
        .innerJoin('channels', 'channels.id', 'subscriptions.channel_id')
        .select(['channels.id as channelId', 'channels.name as channelName', 'subscriptions.notify'])
        .where('subscriptions.user_id', '=', userId)
        .orderBy('channels.name')
        .execute(),
    ]);
    return { hasConfirmedEmail: Boolean(user?.email), replies: user ? user.notify_replies === 1 : true, items };
  }

  return {
    async settings(userId: number): Promise<EmailSettings> {
      return settingsOf(await userEmailRow(userId));
    },

    /**
     * Adds or changes the address: a confirmation link goes to it, and the account's address changes
     * only when it is followed. The owner's word is needed first (checkOwner); asking to confirm the
     * account's own address again (after a bounce) needs none, as it sends mail nowhere new.
     */
    async requestChange(userId: number, email: string, currentPassword?: string): Promise<{ settings: EmailSettings; approvalSent: boolean }> {
      const user = await userEmailRow(userId);
      if (!user) throw notFound('User not found');
      const own = user.email_key === emailKey(email);
      // The same address again is a no-op, unless mail to it bounced: then a new link proves it works.
      if (own && !(await outbox.isSuppressed(email))) return { settings: await settingsOf(user), approvalSent: false };
      const at = now();
      if (!own && (await checkOwner(user, currentPassword)) === 'approve') {
        await takeShares(user.id, user.email!);
        await sendApproval(user, 'change', email, at);
        return { settings: await settingsOf(user, at), approvalSent: true };
      }
      await takeShares(user.id, email);
      await sendConfirmation(user, email, at);
      return { settings: await settingsOf(user, at), approvalSent: false };
    },

    /** Removes the address (with the owner's word), or sends the approval link for it. */
    async remove(userId: number, currentPassword?: string): Promise<{ settings: EmailSettings; approvalSent: boolean }> {
      const user = await userEmailRow(userId);
      if (!user) throw notFound('User not found');
      const at = now();
      if (user.email === null) {
        await removeAddress(user.id, at);
        return { settings: await settingsOf(user, at), approvalSent: false };
      }
      if ((await checkOwner(user, currentPassword)) === 'approve') {
        await takeShares(user.id, user.email);
        await sendApproval(user, 'remove', null, at);
        return { settings: await settingsOf(user, at), approvalSent: true };
      }
      await removeAddress(user.id, at);
      return { settings: await settingsOf({ id: user.id, email: null }, at), approvalSent: false };
    },

    /**
     * Follows a link sent to an address: a confirmation makes it the account's; an approval (sent to
     * the confirmed address of an account without a password) sends the new address its own
     * confirmation link, or removes the address.
     */
    async confirm(token: string): Promise<{ email: string; message?: string }> {
      const at = now();
      const used = await tokens.consume(token, ['confirm', 'approve-change', 'approve-remove'], at);
      if (!used) throw badRequest(EMAIL_MESSAGES.linkInvalid);
      if (used.purpose !== 'confirm') {
        const user = await userEmailRow(used.userId);
        // Approved by the address the link went to: still the account's, or the approval is void.
        if (!user?.email) throw badRequest(EMAIL_MESSAGES.linkInvalid);
        if (used.purpose === 'approve-remove') {
          if (user.email_key !== emailKey(used.email)) throw badRequest(EMAIL_MESSAGES.linkInvalid);
          await removeAddress(user.id, at);
          return { email: used.email, message: EMAIL_MESSAGES.removed };
        }
        if (!(await takeRecipientShare(deps.recipientLimit, used.email))) throw new HttpError(429, EMAIL_MESSAGES.tooManyToAddress);
        await sendConfirmation(user, used.email, at);
        return { email: used.email, message: EMAIL_MESSAGES.changeApproved };
      }
      const key = emailKey(used.email);
      try {
        const result = await db
          .updateTable('users')
          .set({ email: used.email, email_key: key, updated_at: at })
          .where('id', '=', used.userId)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('users as other').select('other.id').where('other.email_key', '=', key).where('other.id', '!=', used.userId))))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw conflict(EMAIL_MESSAGES.addressTaken);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_MESSAGES.addressTaken);
        throw error;
      }
      await tokens.revokeAll(used.userId, 'confirm', at);
      // The link arrived, so the address works again even if it once bounced.
      await outbox.unsuppress(used.email);
      return { email: used.email };
    },

    /**
     * What the provider learned after accepting a message: a hard bounce or a spam complaint stops
     * all mail to the address (the sender checks before each message) until its owner confirms it
     * again; a soft bounce is a passing failure the provider retries, so nothing is stopped.
     */
    async recordDeliveryEvents(events: DeliveryEvents['events']): Promise<{ suppressed: number; ignored: number }> {
      let suppressed = 0;
      let ignored = 0;
      const at = now();
      for (const event of events) {
        if (event.type === 'soft-bounce') {
          ignored++;
          continue;
        }
        await outbox.suppress(event.email, `${event.type}${event.reason ? `: ${event.reason}` : ''}`, at);
        suppressed++;
      }
      return { suppressed, ignored };
    },

    /**
     * "Forgot password?": by username or confirmed address. Whatever happens, the caller learns
     * nothing (the route answers the same words); a link goes out only to a confirmed address, at
     * most a few times an hour per account.
     */
    async requestReset(login: string): Promise<void> {
      const value = login.trim();
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'email'])
        .where((eb) => (value.includes('@') ? eb('email_key', '=', emailKey(value)) : eb('username_key', '=', usernameKey(value))))
        .executeTakeFirst();
      if (!user?.email) return;
      if (!(await take(deps.resetLimit, String(user.id)))) return;
      const at = now();
      const { token, id } = await tokens.issue({ userId: user.id, purpose: 'reset', email: user.email, ttlMs: RESET_TOKEN_TTL_MS, now: at });
      await outbox.enqueue({
        kind: 'reset',
        dedupeKey: `reset:${id}`,
        userId: user.id,
        toAddress: user.email,
        payload: { username: user.username, link: `${deps.publicUrl}${EMAIL_PAGES.reset}?token=${token}` },
        now: at,
      });
      deps.onQueued?.();
    },

    resetLinkUsable: (token: string) => tokens.isUsable(token, 'reset', now()),

    /** Sets the new password, signs out every session of the account and answers the user to sign in. */
    async resetPassword(token: string, password: string): Promise<number> {
      const passwordHash = await hashPassword(password);
      const at = now();
      const used = await tokens.consume(token, 'reset', at);
      if (!used) throw badRequest(EMAIL_MESSAGES.linkInvalid);
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', used.userId).execute();
      await tokens.revokeAll(used.userId, 'reset', at);
      await sessions.revokeAllForUser(used.userId);
      return used.userId;
    },

    notifications: notificationsOf,

    /** The choices that are not per channel: whether replies to the reader's comments come by email. */
    async setNotificationSettings(userId: number, settings: UpdateNotificationSettings): Promise<NotificationSettings> {
      await db.updateTable('users').set({ notify_replies: settings.replies ? 1 : 0 }).where('id', '=', userId).execute();
      return notificationsOf(userId);
    },

    async setNotify(userId: number, channelId: number, notify: NotifyChoice): Promise<void> {
      const result = await db
        .updateTable('subscriptions')
        .set({ notify })
        .where('user_id', '=', userId)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('You are not subscribed to this channel');
    },

    async unsubscribeInfo(token: string): Promise<UnsubscribeInfo> {
      const target = await unsubscribeLinks.verify(token);
      if (!target) throw badRequest(EMAIL_MESSAGES.linkInvalid);
      if (target.replies) {
        const user = await db.selectFrom('users').select('notify_replies').where('id', '=', target.userId).executeTakeFirst();
        return { scope: 'replies', channelName: null, notify: user?.notify_replies === 1 ? 'each' : 'none' };
      }
      if (target.channelId === null) {
        const digest = await db
          .selectFrom('subscriptions')
          .select('notify')
          .where('user_id', '=', target.userId)
          .where('notify', '=', 'digest')
          .executeTakeFirst();
        return { scope: 'digest', channelName: null, notify: digest ? 'digest' : 'none' };
      }
      const row = await db
        .selectFrom('channels')
        .leftJoin('subscriptions', (join) => join.onRef('subscriptions.channel_id', '=', 'channels.id').on('subscriptions.user_id', '=', target.userId))
        .select(['channels.name', 'subscriptions.notify'])
        .where('channels.id', '=', target.channelId)
        .executeTakeFirst();
      return { scope: 'channel', channelName: row?.name ?? null, notify: row?.notify ?? 'none' };
    },

    /**
     * One-click unsubscribe (no sign-in): that channel's emails, the daily digest, or the emails about
     * replies stop. A subscription itself stays.
     */
    async unsubscribe(token: string): Promise<void> {
      const target = await unsubscribeLinks.verify(token);
      if (!target) throw badRequest(EMAIL_MESSAGES.linkInvalid);
      if (target.replies) {
        await db.updateTable('users').set({ notify_replies: 0 }).where('id', '=', target.userId).execute();
        return;
      }
      let query = db.updateTable('subscriptions').set({ notify: 'none' }).where('user_id', '=', target.userId);
      query = target.channelId === null ? query.where('notify', '=', 'digest') : query.where('channel_id', '=', target.channelId);
      await query.execute();
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
