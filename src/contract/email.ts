import { z } from 'zod';
import { PasswordSchema } from './auth.js';
import { LIMITS } from './limits.js';

/**
 * Email on the account, password reset and new-article notifications (docs/product.md#email). The address is optional and only ever shown to its owner.
 */

export const EMAIL_MAX = 254;

export const EmailAddressSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** GET /api/user/email: the owner's own address (confirmed) and the one waiting for its link. */
export const EmailSettingsSchema = z
  .object({
    email: z.string().nullable(),
    pendingEmail: z.string().nullable(),
    /** Mail to the confirmed address bounced or was reported as spam: nothing is sent to it until it is confirmed again. */
    undeliverable: z.boolean(),
    /**
     * An account without a password (signed in with Google) asked to change or remove its confirmed
     * address: a link to approve it went to that address, and nothing changes until it is followed.
     */
    pendingApproval: z.enum(['change', 'remove']).nullable(),
  })
  .meta({ id: 'EmailSettings' });
export type EmailSettings = z.infer<typeof EmailSettingsSchema>;

/**
 * The account's current password, which adding, changing or removing the address needs when the
 * account has one: with a stolen session alone, nobody can point the account's mail (and so its
 * password resets) elsewhere.
 */
const CurrentPasswordSchema = z.string({ error: 'Current password must be text' }).max(LIMITS.passwordMax).optional();

/** PUT /api/user/email */
export const ChangeEmailSchema = z.object({ email: EmailAddressSchema, currentPassword: CurrentPasswordSchema }).meta({ id: 'ChangeEmail' });
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

/** DELETE /api/user/email (no body for an account without a password). */
export const RemoveEmailSchema = z.object({ currentPassword: CurrentPasswordSchema }).meta({ id: 'RemoveEmail' });
export type RemoveEmail = z.infer<typeof RemoveEmailSchema>;

const TokenSchema = z
  .string({ error: 'The link is missing its token' })
  .trim()
  .min(1, 'The link is missing its token')
  .max(200, 'This link is not valid');

/** POST /api/email/confirm */
export const ConfirmEmailSchema = z.object({ token: TokenSchema }).meta({ id: 'ConfirmEmail' });
export const ConfirmEmailResultSchema = z
  .object({
    success: z.literal(true),
    email: z.string(),
    /** For a link that approved a change or a removal (not a confirmation): what happened. */
    message: z.string().optional(),
  })
  .meta({ id: 'ConfirmEmailResult' });

/** POST /api/auth/forgot-password: a username or an email address. */
export const ForgotPasswordSchema = z
  .object({
    login: z
      .string({ error: 'Username or email is required' })
      .trim()
      .min(1, 'Username or email is required')
      .max(EMAIL_MAX, 'Username or email is too long'),
  })
  .meta({ id: 'ForgotPassword' });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** POST /api/auth/reset-password */
export const ResetPasswordSchema = z.object({ token: TokenSchema, password: PasswordSchema }).meta({ id: 'ResetPassword' });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const MessageResultSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'MessageResult' });

export const NOTIFY_CHOICES = ['each', 'digest', 'none'] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];
export const NotifyChoiceSchema = z.enum(NOTIFY_CHOICES, { error: 'Choose each, digest or none' });

/** PUT /api/channels/{id}/notifications */
export const SetNotificationsSchema = z.object({ notify: NotifyChoiceSchema }).meta({ id: 'SetNotifications' });

/** GET /api/user/notifications: one row per subscription. */
export const NotificationSettingSchema = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  notify: NotifyChoiceSchema,
});
export const NotificationSettingsSchema = z
  .object({
    hasConfirmedEmail: z.boolean(),
    /** Replies to the reader's comments arrive by email (at most one email per thread an hour). */
    replies: z.boolean(),
    items: z.array(NotificationSettingSchema),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PUT /api/user/notifications: the reader's choices that are not per channel. */
export const UpdateNotificationSettingsSchema = z
  .object({ replies: z.boolean({ error: 'Replies must be true or false' }) })
  .meta({ id: 'UpdateNotificationSettings' });
export type UpdateNotificationSettings = z.infer<typeof UpdateNotificationSettingsSchema>;

/** The unsubscribe link's token travels in the query (RFC 8058 one-click posts to the same URL). */
// No meta id: a querystring schema must stay inline for the OpenAPI document.
export const UnsubscribeQuerySchema = z.object({ token: TokenSchema });
export const UnsubscribeInfoSchema = z
  .object({
    /** A channel's new-article emails, the daily digest, or the emails about replies to the reader's comments. */
    scope: z.enum(['channel', 'digest', 'replies']),
    channelName: z.string().nullable(),
    /** 'none' once these emails are stopped (for replies: 'each' while they come). */
    notify: NotifyChoiceSchema,
  })
  .meta({ id: 'UnsubscribeInfo' });
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfoSchema>;

export const EMAIL_MESSAGES = {
  confirmationSent: 'We sent a confirmation link to that address. It works for 24 hours.',
  confirmed: 'Your email address is confirmed.',
  linkInvalid: 'This link is not valid any more. Links work once and expire; ask for a new one.',
  addressTaken: 'This address is already used by another account.',
  resetRequested: 'If an account with a confirmed email matches, we sent it a link to reset the password. The link works for 30 minutes.',
  passwordReset: 'Your password has been changed and you are signed in.',
  unsubscribed: 'You will not get these emails any more.',
  /** The unsubscribe page, for a link whose token is missing or was not made by this site. */
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid',
  needsConfirmedEmail: 'Add and confirm an email address on your profile to get emails.',
  currentPasswordRequired: 'Enter your current password to change your email address',
  approvalSent: 'We sent a link to your current address. Follow it to approve this.',
  changeApproved: 'Change approved. We sent a confirmation link to the new address; it works for 24 hours.',
  removed: 'Your email address was removed.',
  tooManyConfirmations: 'Too many confirmation emails. Please wait an hour and try again.',
  tooManyToAddress: 'Too many confirmation emails were sent to this address. Please wait an hour and try again.',
} as const;

/**
 * POST /api/email/events: what the mail provider learned after it accepted a message (a bounce that
 * came back later, a spam complaint). Sent by the provider's webhook (or a small relay that reshapes
 * its payload) with `Authorization: Bearer EMAIL_WEBHOOK_SECRET`.
 */
export const DELIVERY_EVENT_TYPES = ['hard-bounce', 'soft-bounce', 'complaint'] as const;
export const DeliveryEventSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`),
  type: z.enum(DELIVERY_EVENT_TYPES, { error: 'Type must be hard-bounce, soft-bounce or complaint' }),
  /** The provider's diagnostic (e.g. "550 5.1.1 user unknown"), kept with the record. */
  reason: z.string().max(500, 'Reason must be at most 500 characters').optional(),
});
export const DeliveryEventsSchema = z
  .object({ events: z.array(DeliveryEventSchema, { error: 'Events must be a list' }).min(1, 'Send at least one event').max(500, 'Send at most 500 events at once') })
  .meta({ id: 'DeliveryEvents' });
export type DeliveryEvents = z.infer<typeof DeliveryEventsSchema>;
export const DeliveryEventsResultSchema = z
  .object({
    /** Addresses that get no more mail (a hard bounce or a complaint). */
    suppressed: z.number().int(),
    /** Soft bounces: passing failures the provider retries itself; nothing is stopped. */
    ignored: z.number().int(),
  })
  .meta({ id: 'DeliveryEventsResult' });

/** Client pages the emails link to. */
export const EMAIL_PAGES = {
  confirm: '/confirm-email',
  reset: '/reset-password',
  unsubscribe: '/unsubscribe',
} as const;
