import { randomInt } from 'node:crypto';
import * as client from 'openid-client';
import { OIDC_MESSAGES } from '../../../contract/auth.js';
import { LIMITS } from '../../../contract/limits.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { createUsersRepository, type UserRow } from '../users/users.repository.js';
import { createIdentitiesRepository, type ExternalIdentity } from './identities.repository.js';

/** What the browser is told when Google sign-in does not work out: in the contract, since /auth-callback shows only these. */
export { OIDC_MESSAGES };

/** A failed sign-in: `message` is safe to show; `cause` is for the log only. */
export class OidcSignInError extends Error {
  override readonly name = 'OidcSignInError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The values the browser keeps (in short-lived cookies) between the redirect and the callback. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const OIDC_SCOPE = 'openid email profile';
export const OIDC_CALLBACK_PATH = '/api/auth/google/callback';

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return true;
  // The issuer answered, but not as an OAuth server does (a 5xx page, a proxy error).
  return error instanceof client.ClientError && (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON');
}

/** Maps what openid-client threw to a message a person can read. */
function signInFailure(error: unknown): OidcSignInError {
  if (error instanceof OidcSignInError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new OidcSignInError(error.error === 'access_denied' ? OIDC_MESSAGES.cancelled : OIDC_MESSAGES.providerError, { cause: error });
  }
  // invalid_grant and friends: an expired, replayed or foreign code, or a PKCE verifier that does not match.
  if (error instanceof client.ResponseBodyError) return new OidcSignInError(OIDC_MESSAGES.rejected, { cause: error });
  if (isNetworkFailure(error)) return new OidcSignInError(OIDC_MESSAGES.unavailable, { cause: error });
  // State, issuer, audience, nonce, signature or expiry did not check out.
  return new OidcSignInError(OIDC_MESSAGES.unverified, { cause: error });
}

const stringClaim = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The OpenID Connect relying party (docs/product.md#api): authorization code flow with PKCE (S256),
 * state and nonce, by openid-client. The issuer's metadata is discovered once per process; a failed
 * discovery is not remembered, so the next sign-in tries again.
 */
export function createOidcService(oidc: NonNullable<AppConfig['oidc']>, publicUrl: string) {
  const redirectUri = `${publicUrl}${OIDC_CALLBACK_PATH}`;
  const issuerUrl = new URL(oidc.issuer);
  // openid-client refuses plain HTTP; only a local test or development issuer may use it.
  const allowHttp = issuerUrl.protocol === 'http:' && isLoopback(issuerUrl.hostname);
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuerUrl, oidc.clientId, oidc.clientSecret, undefined, {
        timeout: 10,
        execute: allowHttp ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcSignInError(OIDC_MESSAGES.unavailable, { cause: error });
      });
    return discovered;
  }

  return {
    redirectUri,

    /** Where to send the browser, and the checks to keep for the callback. */
    async begin(): Promise<{ url: string; checks: OidcChecks }> {
      const config = await configuration();
      const checks: OidcChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        // As the first product's client asked: account selection forced, offline access (Google's spelling of it).
        prompt: 'select_account',
        access_type: 'offline',
      });
      return { url: url.href, checks };
    },

    /**
     * Checks the authorization response (state), redeems the code (PKCE), validates the ID token
     * (issuer, audience, expiry, nonce) and answers who signed in. Throws OidcSignInError.
     */
    async complete(query: URLSearchParams, checks: OidcChecks): Promise<ExternalIdentity> {
      try {
        const config = await configuration();
        const currentUrl = new URL(redirectUri);
        currentUrl.search = query.toString();
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new OidcSignInError(OIDC_MESSAGES.unverified);
        let email = stringClaim(claims.email);
        let name = stringClaim(claims.name);
        if (email === null && name === null && tokens.access_token) {
          // Issuers that keep the ID token minimal answer these at the userinfo endpoint.
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => undefined);
          email = stringClaim(info?.email);
          name = stringClaim(info?.name);
        }
        return { issuer: claims.iss, subject: claims.sub, email, name, emailVerified: claims.email_verified === true };
      } catch (error) {
        throw signInFailure(error);
      }
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;

/**
 * The username a new Google user starts from: the email's local part, else the name, reduced to
 * letters, digits, `_ . -` (accents dropped, spaces become `_`), 3 to 32 characters.
 */
export function usernameBaseFrom(identity: Pick<ExternalIdentity, 'email' | 'name'>): string {
  const sources = [identity.email?.split('@')[0] ?? '', identity.name ?? ''];
  for (const source of sources) {
    const cleaned = source
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .trim()
      .replace(/\s+/g, '_')
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .replace(/^[._-]+|[._-]+$/g, '')
      .slice(0, LIMITS.usernameMax)
      .replace(/[._-]+$/, '');
    if (cleaned === '') continue;
    // Every username has a letter (docs/product.md#data): digits alone would read as an id.
    if (cleaned.length < LIMITS.usernameMin || !/[A-Za-z]/.test(cleaned)) return `${cleaned.slice(0, LIMITS.usernameMax - 5)}_user`;
    return cleaned;
  }
  return 'user';
}

/** The n-th try at a free name: the base, then base2, base3 …, then random numbers; always ≤ 32 characters. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = String(attempt < 20 ? attempt + 1 : randomInt(1000, 10_000_000));
  return `${base.slice(0, LIMITS.usernameMax - suffix.length)}${suffix}`;
}

const MAX_USERNAME_ATTEMPTS = 60;

/**
 * A Google account arrives with its verified address: it becomes the new account's
 * confirmed email, unless another account already has that address (then the user adds one later).
 */
async function adoptVerifiedEmail(db: Database, userId: number, email: string): Promise<void> {
  const key = email.trim().toLowerCase();
  await db
    .updateTable('users')
    .set({ email: email.trim(), email_key: key })
    .where('id', '=', userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('users as other').select('other.id').where('other.email_key', '=', key))))
    .execute();
}

/** Thrown inside the transaction when another request linked the same identity first. */
class IdentityAlreadyLinked extends Error {}

/**
 * Finds the user behind an external identity, or creates one. Only (issuer, subject) finds a user:
 * an email or a username that happens to match an existing account never merges into it.
 */
export function createOidcAccounts(db: Database, now: () => number = Date.now) {
  const identities = createIdentitiesRepository(db);

  async function create(identity: ExternalIdentity): Promise<UserRow> {
    const base = usernameBaseFrom(identity);
    return db.transaction().execute(async (trx) => {
      const users = createUsersRepository(trx);
      const at = now();
      for (let attempt = 0; attempt < MAX_USERNAME_ATTEMPTS; attempt++) {
        // The insert itself decides (unique ignoring case), so two sign-ins cannot take one name.
        const user = await users.insert({ username: usernameCandidate(base, attempt), passwordHash: null, now: at });
        if (!user) continue;
        const linked = await createIdentitiesRepository(trx).insert({ ...identity, userId: user.id, now: at });
        if (!linked) throw new IdentityAlreadyLinked();
        if (identity.email && identity.emailVerified) await adoptVerifiedEmail(trx, user.id, identity.email);
        return user;
      }
      throw new Error(`no free username found for base "${base}"`);
    });
  }

  return {
    async findOrCreateUser(identity: ExternalIdentity): Promise<UserRow> {
      const existing = await identities.findUser(identity.issuer, identity.subject);
      if (existing) {
        const { identity_email, identity_name, ...user } = existing;
        if (identity_email !== identity.email || identity_name !== identity.name) await identities.updateProfile(identity);
        return user;
      }
      try {
        return await create(identity);
      } catch (error) {
        // A concurrent first sign-in of the same person won; use the user it created.
        if (!(error instanceof IdentityAlreadyLinked)) throw error;
        const winner = await identities.findUser(identity.issuer, identity.subject);
        if (!winner) throw error;
        const { identity_email: _email, identity_name: _name, ...user } = winner;
        return user;
      }
    },
  };
}
export type OidcAccounts = ReturnType<typeof createOidcAccounts>;
