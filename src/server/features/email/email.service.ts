import { EMAIL_MESSAGES, EMAIL_PAGES, type DeliveryEvents, type EmailSettings, type NotificationSettings, type NotifyChoice, type UnsubscribeInfo } from '../../../contract/email.js';
import type { Database } from '../../db/database.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { hashPassword, type LoginThrottle } from '../auth/auth.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import { usernameKey } from '../users/users.repository.js';
import { CONFIRM_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, type EmailTokens } from './email-tokens.js';
import { emailKey, type OutboxRepository } from './outbox.repository.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

/** The throttles count emails per account (the sign-in throttle's shape: the account key, one fixed 'address'). */
const perAccount = (key: string) => ({ username: key, address: 'email' });

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
  confirmThrottle: LoginThrottle;
  /** Reset emails per account (a few an hour), whoever asks. */
  resetThrottle: LoginThrottle;
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
    db.selectFrom('users').select(['id', 'username', 'email', 'email_key']).where('id', '=', userId).executeTakeFirst();

  return {
    async settings(userId: number): Promise<EmailSettings> {
      const user = await userEmailRow(userId);
      return {
        email: user?.email ?? null,
        pendingEmail: await tokens.pendingEmail(userId, now()),
        undeliverable: user?.email ? await outbox.isSuppressed(user.email) : false,
      };
    },

    /** Sends a confirmation link to the new address; the account's address changes only when it is followed. */
    async requestChange(userId: number, email: string): Promise<EmailSettings> {
      const user = await userEmailRow(userId);
      if (!user) throw notFound('User not found');
      // The same address again is a no-op, unless mail to it bounced: then a new link proves it works.
      if (user.email_key === emailKey(email) && !(await outbox.isSuppressed(email))) return { email: user.email, pendingEmail: null, undeliverable: false };
      const key = `confirm:${userId}`;
      if (await deps.confirmThrottle.isBlocked(perAccount(key))) throw new HttpError(429, 'Too many confirmation emails. Please wait an hour and try again.');
      await deps.confirmThrottle.recordFailure(perAccount(key));
      const at = now();
      // Only the newest link counts: an address typed by mistake can be corrected at once.
      await tokens.revokeAll(userId, 'confirm', at);
      const { token, id } = await tokens.issue({ userId, purpose: 'confirm', email, ttlMs: CONFIRM_TOKEN_TTL_MS, now: at });
      await outbox.enqueue({
        kind: 'confirm',
        dedupeKey: `confirm:${id}`,
        userId,
        toAddress: email,
        payload: { username: user.username, link: `${deps.publicUrl}${EMAIL_PAGES.confirm}?token=${token}` },
        now: at,
      });
      deps.onQueued?.();
      return { email: user.email, pendingEmail: email, undeliverable: user.email ? await outbox.isSuppressed(user.email) : false };
    },

    async confirm(token: string): Promise<string> {
      const at = now();
      const used = await tokens.consume(token, 'confirm', at);
      if (!used) throw badRequest(EMAIL_MESSAGES.linkInvalid);
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
      return used.email;
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

    async remove(userId: number): Promise<void> {
      const at = now();
      await db.updateTable('users').set({ email: null, email_key: null, updated_at: at }).where('id', '=', userId).execute();
      await tokens.revokeAll(userId, 'confirm', at);
      await tokens.revokeAll(userId, 'reset', at);
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
      const key = `reset:${user.id}`;
      if (await deps.resetThrottle.isBlocked(perAccount(key))) return;
      await deps.resetThrottle.recordFailure(perAccount(key));
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

    async notifications(userId: number): Promise<NotificationSettings> {
      const [user, items] = await Promise.all([
        userEmailRow(userId),
        db
          .selectFrom('subscriptions')
          .innerJoin('channels', 'channels.id', 'subscriptions.channel_id')
          .select(['channels.id as channelId', 'channels.name as channelName', 'subscriptions.notify'])
          .where('subscriptions.user_id', '=', userId)
          .orderBy('channels.name')
          .execute(),
      ]);
      return { hasConfirmedEmail: Boolean(user?.email), items };
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

    /** One-click unsubscribe (no sign-in): that channel's emails, or the daily digest, stop. The subscription itself stays. */
    async unsubscribe(token: string): Promise<void> {
      const target = await unsubscribeLinks.verify(token);
      if (!target) throw badRequest(EMAIL_MESSAGES.linkInvalid);
      let query = db.updateTable('subscriptions').set({ notify: 'none' }).where('user_id', '=', target.userId);
      query = target.channelId === null ? query.where('notify', '=', 'digest') : query.where('channel_id', '=', target.channelId);
      await query.execute();
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
