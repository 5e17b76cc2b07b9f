import { z } from 'zod';
import { PasswordSchema } from './auth.js';

/**
 * Email on the account, password reset and new-article notifications (issue 17; DESIGN.md
 * section 5b). The address is optional and only ever shown to its owner.
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
  .object({ email: z.string().nullable(), pendingEmail: z.string().nullable() })
  .meta({ id: 'EmailSettings' });
export type EmailSettings = z.infer<typeof EmailSettingsSchema>;

/** PUT /api/user/email */
export const ChangeEmailSchema = z.object({ email: EmailAddressSchema }).meta({ id: 'ChangeEmail' });
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

const TokenSchema = z
  .string({ error: 'The link is missing its token' })
  .trim()
  .min(1, 'The link is missing its token')
  .max(200, 'This link is not valid');

/** POST /api/email/confirm */
export const ConfirmEmailSchema = z.object({ token: TokenSchema }).meta({ id: 'ConfirmEmail' });
export const ConfirmEmailResultSchema = z.object({ success: z.literal(true), email: z.string() }).meta({ id: 'ConfirmEmailResult' });

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
  .object({ hasConfirmedEmail: z.boolean(), items: z.array(NotificationSettingSchema) })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** The unsubscribe link's token travels in the query (RFC 8058 one-click posts to the same URL). */
// No meta id: a querystring schema must stay inline for the OpenAPI document.
export const UnsubscribeQuerySchema = z.object({ token: TokenSchema });
export const UnsubscribeInfoSchema = z
  .object({ scope: z.enum(['channel', 'digest']), channelName: z.string().nullable(), notify: NotifyChoiceSchema })
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
  needsConfirmedEmail: 'Add and confirm an email address on your profile to get emails.',
} as const;

/** Client pages the emails link to. */
export const EMAIL_PAGES = {
  confirm: '/confirm-email',
  reset: '/reset-password',
  unsubscribe: '/unsubscribe',
} as const;
