import { z } from 'zod';
import { LIMITS } from './limits.js';
import { suspensionIn } from './moderation-rules.js';

/** 'Empty credentials' reads 'Please fill in all fields', on sign-in and registration (docs/product.md#sign-in). */
const EMPTY_CREDENTIALS = 'Please fill in all fields';

/**
 * The login and register form schema (docs/product.md#sign-in). The messages are the product's,
 * word for word; the upper bounds and the character set are those of docs/product.md#limits.
 * An empty or missing field answers 'Please fill in all fields' first.
 */
export const UsernameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? EMPTY_CREDENTIALS : 'Username must be text') })
  .trim()
  .min(1, EMPTY_CREDENTIALS)
  .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, _ . and -')
  // docs/product.md#data: a username of digits alone would read as an id in /api/users/{segment}.
  .regex(/[A-Za-z]/, 'Username must contain at least one letter');

/** A new password's rules; `missing` is what a missing (or, given, an empty) one answers. */
function newPasswordSchema(missing: string, emptyIsMissing: boolean) {
  const text = z.string({ error: (issue) => (issue.input === undefined ? missing : 'Password must be text') });
  return (emptyIsMissing ? text.min(1, missing) : text)
    .min(LIMITS.passwordMin, 'Password must be at least 6 characters')
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);
}

/** A new password outside the sign-in forms (changing it, resetting it). */
export const PasswordSchema = newPasswordSchema('Password is required', false);

export const CredentialsSchema = z
  .object({ username: UsernameSchema, password: newPasswordSchema(EMPTY_CREDENTIALS, true) })
  .meta({ id: 'Credentials' });
export type Credentials = z.infer<typeof CredentialsSchema>;

/** Login does not re-check the register rules: a wrong guess is simply a wrong guess. */
export const LoginSchema = z
  .object({
    username: z.string({ error: EMPTY_CREDENTIALS }).trim().min(1, EMPTY_CREDENTIALS).max(256),
    password: z.string({ error: EMPTY_CREDENTIALS }).min(1, EMPTY_CREDENTIALS).max(LIMITS.passwordMax),
  })
  .meta({ id: 'Login' });

/** The signed-in user as the client sees it (GET /api/user, login and register answers). */
export const CurrentUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    description: z.string().nullable(),
    isAdmin: z.boolean(),
    hasPassword: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const AuthResultSchema = CurrentUserSchema.extend({ success: z.literal(true) }).meta({ id: 'AuthResult' });

export const IsAdminSchema = z
  .object({ isAdmin: z.boolean(), error: z.string().optional() })
  .meta({ id: 'IsAdmin' });
export type IsAdmin = z.infer<typeof IsAdminSchema>;

export const AuthProvidersSchema = z.object({ google: z.boolean() }).meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** Messages the product fixes, word for word (docs/product.md#sign-in). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password. Please try again or register for a new account.',
  usernameTaken: 'Username is already taken',
  notSignedIn: 'You must be logged in',
  emptyCredentials: EMPTY_CREDENTIALS,
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** What a failed Google sign-in may tell the user; /auth-callback?error= shows nothing else. */
export const OIDC_MESSAGES = {
  notConfigured: 'Google sign-in is not configured',
  unavailable: 'Google sign-in is unavailable right now. Please try again later.',
  cancelled: 'Google sign-in was cancelled.',
  providerError: 'Google sign-in failed. Please try again.',
  expired: 'Your Google sign-in attempt expired or was started in another browser. Please try again.',
  rejected: 'Google sign-in could not be completed. Please try again.',
  unverified: 'Google sign-in could not be verified. Please try again.',
  accountFailed: 'We could not sign you in with Google. Please try again.',
} as const;

/**
 * The error line of /auth-callback for its `?error=` parameter: the message itself when it is one
 * the server sends, a fixed sentence otherwise, so a link cannot put its own words on the page.
 */
export function authCallbackErrorText(param: string | null): string | null {
  if (param === null) return null;
  // A suspended account signing in with Google is told so (the page writes the end for people).
  if (suspensionIn(param)) return param;
  return (Object.values(OIDC_MESSAGES) as string[]).includes(param) ? param : OIDC_MESSAGES.providerError;
}

/** The answer of a redirecting route (Google sign-in): no body, only a Location header. */
export const OidcRedirectSchema = z.null().describe('Redirect (Location header); no body');

/**
 * POST /api/user/password. A user who signed up with Google and has no password yet sets one
 * without `currentPassword`; everyone else must give the current one.
 */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password must be text' }).max(LIMITS.passwordMax).optional(),
    newPassword: PasswordSchema,
  })
  .meta({ id: 'ChangePassword' });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const PASSWORD_MESSAGES = {
  currentPasswordIncorrect: 'Current password is incorrect',
} as const;
