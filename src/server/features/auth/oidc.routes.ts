import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OidcRedirectSchema } from '../../../contract/auth.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { paths, safeReturnPath } from '../../../contract/paths.js';
import { setSessionCookie, type SessionCookieOptions } from '../../http/session.js';
import { HttpError } from '../../lib/errors.js';
import type { SessionsService } from './sessions.service.js';
import {
  OIDC_MESSAGES,
  OidcSignInError,
  type OidcAccounts,
  type OidcChecks,
  type OidcService,
} from './oidc.service.js';
import { sessionOptional } from '../../http/openapi.js';

export interface OidcRoutesOptions {
  /** Absent when Google sign-in is not configured. */
  oidc: OidcService | undefined;
  accounts: OidcAccounts;
  sessions: SessionsService;
  cookie: SessionCookieOptions;
}

/** The temporary cookies of one sign-in attempt: sent only to /api/auth/google and its callback. */
export const OIDC_COOKIES = {
  state: 'broadsheet_oidc_state',
  nonce: 'broadsheet_oidc_nonce',
  codeVerifier: 'broadsheet_oidc_verifier',
} as const satisfies Record<keyof OidcChecks, string>;
/** Where the reader goes once signed in (docs/product.md#returning-sign-in), kept beside the checks when it is not home. */
export const OIDC_NEXT_COOKIE = 'broadsheet_oidc_next';
const OIDC_COOKIE_PATH = '/api/auth/google';
const OIDC_COOKIE_MAX_AGE_SECONDS = 10 * 60;

const errorRedirect = (message: string) => `${paths.authCallback}?${new URLSearchParams({ error: message })}`;

export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (app, opts) => {
  const { oidc, accounts, sessions, cookie } = opts;
  const temporaryCookie = { path: OIDC_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: cookie.secure } as const;

  function clearTemporaryCookies(reply: FastifyReply) {
    for (const name of [...Object.values(OIDC_COOKIES), OIDC_NEXT_COOKIE]) reply.clearCookie(name, temporaryCookie);
  }

  /** Every failure ends on /auth-callback with a readable message; the details go to the log only. */
  function fail(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    // A suspended account is told so (and until when), as a password sign-in is.
    const message = error instanceof OidcSignInError || (error instanceof HttpError && error.statusCode === 403) ? error.message : OIDC_MESSAGES.accountFailed;
    request.log.warn({ err: error instanceof OidcSignInError ? (error.cause ?? error) : error }, `Google sign-in failed: ${message}`);
    return reply.redirect(errorRedirect(message), 302);
  }

  app.get(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        operationId: 'startGoogleSignIn',
        security: sessionOptional,
        summary:
          'Start Google sign-in: redirects to the identity provider (PKCE, state and nonce in short-lived cookies); `next` is the page of this site to return to',
        querystring: z.object({ next: z.string().max(2000, 'is too long').optional() }),
        response: { 302: OidcRedirectSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      if (!oidc) return reply.status(404).send({ error: OIDC_MESSAGES.notConfigured });
      reply.header('cache-control', 'no-store');
      try {
        const { url, checks } = await oidc.begin();
        for (const key of Object.keys(OIDC_COOKIES) as (keyof OidcChecks)[]) {
          reply.setCookie(OIDC_COOKIES[key], checks[key], { ...temporaryCookie, maxAge: OIDC_COOKIE_MAX_AGE_SECONDS });
        }
        const next = safeReturnPath(request.query.next);
        if (next !== paths.home) reply.setCookie(OIDC_NEXT_COOKIE, next, { ...temporaryCookie, maxAge: OIDC_COOKIE_MAX_AGE_SECONDS });
        return reply.redirect(url, 302);
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        operationId: 'finishGoogleSignIn',
        security: sessionOptional,
        summary:
          'Return address of Google sign-in: finds or creates the user, starts a session and redirects to /auth-callback (with ?error=… on failure)',
        response: { 302: OidcRedirectSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // One attempt, one use: whatever happens next, the browser forgets this attempt's checks.
      clearTemporaryCookies(reply);
      try {
        if (!oidc) throw new OidcSignInError(OIDC_MESSAGES.notConfigured);
        const query = new URL(request.url, 'http://callback.invalid').searchParams;
        const providerError = query.get('error');
        if (providerError !== null) {
          // The provider's own description is not shown: anyone can craft this URL.
          throw new OidcSignInError(providerError === 'access_denied' ? OIDC_MESSAGES.cancelled : OIDC_MESSAGES.providerError);
        }
        const checks: Partial<OidcChecks> = {
          state: request.cookies[OIDC_COOKIES.state],
          nonce: request.cookies[OIDC_COOKIES.nonce],
          codeVerifier: request.cookies[OIDC_COOKIES.codeVerifier],
        };
        if (!checks.state || !checks.nonce || !checks.codeVerifier || query.get('state') !== checks.state) {
          throw new OidcSignInError(OIDC_MESSAGES.expired);
        }
        const identity = await oidc.complete(query, checks as OidcChecks);
        const user = await accounts.findOrCreateUser(identity);

        // Exactly like a password sign-in: a fresh session, any earlier one of this browser revoked.
        if (request.user) await sessions.revoke(request.user.sessionId);
        const { token, expiresAt } = await sessions.start(user.id);
        setSessionCookie(reply, token, expiresAt, cookie);
        // Checked again: the cookie came back from the browser.
        const next = safeReturnPath(request.cookies[OIDC_NEXT_COOKIE]);
        return reply.redirect(next === paths.home ? paths.authCallback : `${paths.authCallback}?${new URLSearchParams({ next })}`, 302);
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  );
};
