import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider v9 ships no type declarations; the few members used here are typed below.
// @ts-expect-error -- untyped module
import Provider, { interactionPolicy } from 'oidc-provider';

/**
 * A real OpenID Connect issuer (oidc-provider) for the API tests, on 127.0.0.1 over plain HTTP.
 * It has one confidential client, requires PKCE, puts email and name into the ID token (as Google
 * does) and accepts `prompt=select_account`. Login and consent are completed over HTTP by
 * `authorize()`, which posts to minimal interaction routes added to the provider's Koa app.
 */

export const TEST_CLIENT = {
  clientId: 'broadsheet-test-client',
  clientSecret: 'broadsheet-test-secret-that-is-long-enough',
  redirectUri: 'http://localhost:3000/api/auth/google/callback',
} as const;

export interface TestAccount {
  email?: string;
  name?: string;
}

export interface TestIssuer {
  /** The issuer identifier, e.g. http://127.0.0.1:45678 */
  issuer: string;
  port: number;
  /** Env overrides for useTestApp that point the app at this issuer. */
  env: Record<string, string>;
  /** Adds or replaces an account (its id is the `sub` claim). */
  setAccount(id: string, claims: TestAccount): void;
  /**
   * Plays the browser at the issuer: opens the authorization URL, signs in as `accountId`, grants
   * consent and answers the redirect back to the client (the URL of our callback with code and
   * state, or with an error).
   */
  authorize(authorizationUrl: string, accountId: string | { deny: true }): Promise<URL>;
  stop(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  status: number;
  body: unknown;
  type: string;
  redirect(url: string): void;
}

interface InteractionDetails {
  uid: string;
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  params: Record<string, unknown> & { client_id: string };
  session?: { accountId?: string };
  grantId?: string;
}

interface GrantInstance {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

interface ProviderInstance {
  callback(): http.RequestListener;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<InteractionDetails>;
  interactionResult(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<string>;
  Grant: { new (init: { accountId: string; clientId: string }): GrantInstance; find(id: string): Promise<GrantInstance | undefined> };
}

/**
 * The storage oidc-provider needs, in memory (its built-in one works too but announces itself on
 * every start). Expiry is not enforced: an issuer lives for one test file.
 */
function memoryAdapterFactory() {
  const store = new Map<string, Record<string, unknown>>();
  const index = new Map<string, string>();
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>) {
      store.set(this.key(id), payload);
      if (typeof payload.uid === 'string') index.set(`uid:${payload.uid}`, id);
      if (typeof payload.userCode === 'string') index.set(`userCode:${payload.userCode}`, id);
      if (typeof payload.grantId === 'string') index.set(`grant:${payload.grantId}:${this.key(id)}`, this.key(id));
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    async findByUid(uid: string) {
      const id = index.get(`uid:${uid}`);
      return id === undefined ? undefined : store.get(this.key(id));
    }
    async findByUserCode(userCode: string) {
      const id = index.get(`userCode:${userCode}`);
      return id === undefined ? undefined : store.get(this.key(id));
    }
    async consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [indexKey, storeKey] of index) {
        if (indexKey.startsWith(`grant:${grantId}:`)) {
          store.delete(storeKey);
          index.delete(indexKey);
        }
      }
    }
  };
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** A free TCP port on 127.0.0.1 (nothing listens on it when this resolves). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startTestIssuer(
  options: { port?: number; accounts?: Record<string, TestAccount>; redirectUris?: string[] } = {},
): Promise<TestIssuer> {
  const accounts = new Map<string, TestAccount>(Object.entries(options.accounts ?? {}));
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const policy = interactionPolicy.base();
  // Google's prompt=select_account: requestable, resolved together with the login below.
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider: ProviderInstance = new Provider(issuer, {
    adapter: memoryAdapterFactory(),
    clients: [
      {
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        redirect_uris: options.redirectUris ?? [TEST_CLIENT.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['test-issuer-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts email and name into the ID token; so does this issuer.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            ...(account.email ? { email: account.email, email_verified: true } : {}),
            ...(account.name ? { name: account.name } : {}),
          };
        },
      };
    },
    renderError(ctx: KoaContext, out: Record<string, unknown>) {
      ctx.body = out;
    },
  });

  // GET /interaction/:uid: a plain HTML page for browser journeys, with one button per test account
  // (or an Allow button at the consent step); it posts to the route below.
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
    if (!match || ctx.method !== 'GET') return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
    const buttons =
      details.prompt.name === 'consent'
        ? '<button type="submit" name="consent" value="1">Allow</button>'
        : [...accounts].map(([id, a]) => `<button type="submit" name="account" value="${escape(id)}">Continue as ${escape(a.name ?? a.email ?? id)}</button>`).join('');
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="en"><head><title>Test issuer</title></head><body><main><h1>Choose an account</h1><form method="post" action="/interaction/${match[1]}">${buttons}</form></main></body></html>`;
  });

  // POST /interaction/:uid with `account=<id>` signs in (and selects that account); a second POST
  // grants consent. `deny=1` aborts with access_denied.
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
    if (!match || ctx.method !== 'POST') return next();
    const form = await readForm(ctx.req);
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result: Record<string, unknown>;
    let merge = true;
    if (form.get('deny')) {
      result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
      merge = false;
    } else if (details.prompt.name === 'select_account' || details.prompt.name === 'login') {
      const accountId = form.get('account') ?? '';
      if (!accounts.has(accountId)) {
        ctx.status = 400;
        ctx.body = { error: `unknown test account ${accountId}` };
        return;
      }
      result = { select_account: {}, login: { accountId } };
      merge = false;
    } else if (details.prompt.name === 'consent') {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId ?? '', clientId: details.params.client_id });
      if (!grant) throw new Error('grant vanished');
      if (details.prompt.details.missingOIDCScope) grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(' '));
      if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      result = { consent: { grantId: await grant.save() } };
    } else {
      ctx.status = 501;
      ctx.body = { error: `prompt ${details.prompt.name} is not supported by the test issuer` };
      return;
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: merge });
    ctx.status = 303;
    ctx.redirect(returnTo);
  });

  server.on('request', provider.callback());

  return {
    issuer,
    port,
    env: { GOOGLE_CLIENT_ID: TEST_CLIENT.clientId, GOOGLE_CLIENT_SECRET: TEST_CLIENT.clientSecret, OIDC_ISSUER: issuer },
    setAccount(id, claims) {
      accounts.set(id, claims);
    },
    async authorize(authorizationUrl, account) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      let method: 'GET' | 'POST' = 'GET';
      for (let step = 0; step < 12; step++) {
        const body =
          method === 'POST' ? new URLSearchParams(typeof account === 'string' ? { account } : { deny: '1' }) : undefined;
        const response: Response = await fetch(url, {
          method,
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
          body,
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const eq = pair.indexOf('=');
          const name = pair.slice(0, eq);
          const value = pair.slice(eq + 1);
          if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
          else jar.set(name, value);
        }
        const location: string | null = response.headers.get('location');
        if (!location) throw new Error(`issuer answered ${response.status} without a redirect: ${await response.text()}`);
        await response.body?.cancel();
        const next: URL = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next;
        method = next.pathname.startsWith('/interaction/') ? 'POST' : 'GET';
      }
      throw new Error('too many redirects at the test issuer');
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
