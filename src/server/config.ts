import path from 'node:path';
import { z } from 'zod';
import { checkProxyEntry, MIN_PROXY_PREFIX } from './lib/network.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url({ error: 'must be an absolute URL such as https://news.example.com' }).optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset to use SQLite)')
      .optional(),
  ),
  /** Default decided below from PUBLIC_URL (docs/operations.md#configuration). */
  SEED_DEMO: booleanFromEnv.optional(),
  ADMIN_USERNAMES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  MAPBOX_TOKEN: optionalString,
  /** Mapbox's API origin (tests point it at a local peer). */
  MAPBOX_API_URL: optionalString.pipe(z.url().optional()),
  /** Where the built web client is (dist/web by default); its SSR bundle is beside it in ../ssr. */
  WEB_ROOT: optionalString,
  /** Serve pages through Vite's dev server with hot reload (npm run dev sets it). */
  WEB_DEV: booleanFromEnv.default(false),
  GEOCODER_URL: optionalString.pipe(z.url().optional()),
  /** How long an upstream geocoder's answer (Mapbox, Nominatim) is reused; 0 asks upstream every time. */
  GEOCODE_CACHE_HOURS: z.coerce.number({ error: 'must be a number of hours' }).min(0).max(24 * 30).default(24),
  /** How many distinct place searches the cache keeps. */
  GEOCODE_CACHE_ENTRIES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(10_000),
  /** Place searches one client (a signed-in user, else an address) may make per minute. */
  GEOCODE_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in and registration attempts allowed per client per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** State-changing requests allowed per client per minute. */
  WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  /** Reactions one signed-in reader may send per minute (never more than WRITE_RATE_LIMIT). */
  REACTION_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** Comments one signed-in reader may post per minute (never more than WRITE_RATE_LIMIT). */
  COMMENT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Which proxies may say who the client is (X-Forwarded-For): a hop count or a comma list of addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Open connections one client address may hold; more are refused at once (0: no per-address cap). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(256),
  /** Open connections the whole server holds; more are refused at once. */
  MAX_CONNECTIONS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(4096),
  /** Restart the server when it crashes (a supervising primary process; see docs/operations.md, "Running in production"). */
  SUPERVISE: booleanFromEnv.default(false),
  /** The memory images being processed at once may hold together, by their estimated decoded size (media/decode-budget.ts). */
  IMAGE_MEMORY_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(64).max(64 * 1024).default(192),
  /** What one account's uploads not yet used in an article may take (files and their copies). */
  UPLOAD_QUOTA_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(1).max(1024 * 1024).default(200),
  /** How long an upload may stay unused in any article before it is removed. */
  UPLOAD_ABANDON_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(5).max(7 * 24 * 60).default(60),
  /** The largest file an import accepts (docs/decisions/046-import-and-export.md). */
  IMPORT_MAX_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(1).max(64 * 1024).default(500),
  /** Imports (and dry runs) one account may start an hour. */
  IMPORT_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(20),
  /** Outgoing requests taken from content (an import's remote images) or sent to remote servers may reach loopback and private addresses: for tests on one machine only. */
  ALLOW_PRIVATE_ADDRESSES: booleanFromEnv.default(false),
  /** How long anonymous read responses are served from memory; 0 turns the cache off. */
  MICRO_CACHE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(1000),
  /** How often each instance looks for scheduled articles that are due; at most 10 s, so one goes out within 15 s of its time. */
  SCHEDULER_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(10).max(10_000).default(5000),
  /** Email: an SMTP server URL (smtp:// or smtps://); unset writes .eml files to DATA_DIR/outbox. */
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  /** The From of every email, e.g. "Broadsheet <news@example.com>". */
  MAIL_FROM: optionalString,
  /** The UTC hour (0-23) the daily digest goes out. */
  DIGEST_HOUR_UTC: z.coerce.number({ error: 'must be an hour from 0 to 23' }).int().min(0).max(23).default(7),
  /** How long a sender holds the outbox rows it claimed before another instance may take them over. */
  EMAIL_CLAIM_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(3600).default(60),
  /** Confirmation (and approval) emails one address may receive per hour, whoever asks for them. */
  CONFIRM_EMAILS_PER_ADDRESS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(3),
  /** Whether this instance drains the email outbox (every instance does by default; they share the work). */
  EMAIL_SENDER: booleanFromEnv.default(true),
  /** The bearer token the mail provider's bounce and complaint webhook sends to POST /api/email/events; unset: the endpoint refuses everything. */
  EMAIL_WEBHOOK_SECRET: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  /** The social web for the whole site (docs/decisions/045-the-social-web.md): default on when PUBLIC_URL is https. */
  FEDERATION: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  /** Inbox posts one remote instance may send per minute. */
  FEDERATION_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().positive().default(600),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was set: only then is the Origin check strict (docs/product.md#api). */
  publicUrlSet: boolean;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  seedDemo: boolean;
  adminUsernames: string[];
  redisUrl?: string;
  oidc?: { clientId: string; clientSecret: string; issuer: string };
  s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    publicUrl?: string;
  };
  geocoder: { kind: 'offline' } | { kind: 'mapbox'; token: string; apiUrl?: string } | { kind: 'nominatim'; url: string };
  /** Place search: how upstream answers are reused and how often one client may search. */
  geocoding: { cacheTtlMs: number; cacheEntries: number; perMinute: number };
  logLevel: string;
  rateLimits: { auth: number; write: number; reaction: number; comment: number };
  microCacheMs: number;
  /** The scheduler's period (ms): how often due scheduled articles are looked for. */
  schedulerIntervalMs: number;
  /** Image processing: the memory the images decoded at once may hold together (bytes). */
  images: { memoryBytes: number };
  /** Uploads not yet used in an article: the quota per account and when they count as abandoned. */
  uploads: { quotaBytes: number; abandonAfterMs: number };
  /** Imports: the largest file (bytes), and whether remote images may come from private addresses. */
  imports: { maxBytes: number; allowPrivateAddresses: boolean; perHour: number };
  email: {
    smtpUrl?: string;
    from: string;
    digestHourUtc: number;
    claimSeconds: number;
    sender: boolean;
    outboxDir: string;
    webhookSecret?: string;
    confirmationsPerAddress: number;
  };
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (see parseTrustProxy). */
  trustProxy: false | number | string[];
  /** Limits of the HTTP server itself (http/server-limits.ts). */
  connections: { perAddress: number; total: number };
  supervise: boolean;
  /** The social web: whether the site federates, and whether private addresses may be reached (tests only). */
  federation: { enabled: boolean; allowPrivateAddresses: boolean; inboxPerMinute: number };
  /** Where the built client lives (its SSR bundle in ../ssr); absent in API-only tests. */
  webRoot?: string;
  /** Pages from Vite's dev server instead of the build (npm run dev). */
  webDev: boolean;
}

export class ConfigError extends Error {}

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither',
    );
  }
  // Reaching private addresses is for a site that runs on one machine for tests: a public site
  // that allowed it would let an import's image addresses probe its own network.
  if (e.ALLOW_PRIVATE_ADDRESSES && !isLocalUrl(publicUrl)) {
    throw new ConfigError('Invalid configuration:\n  ALLOW_PRIVATE_ADDRESSES: only allowed when PUBLIC_URL is a loopback address (localhost, 127.0.0.1, [::1])');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'broadsheet.db') },
    // A site others can reach never gets accounts with a known password unless asked (docs/operations.md#configuration).
    seedDemo: e.SEED_DEMO ?? isLocalUrl(publicUrl),
    adminUsernames: e.ADMIN_USERNAMES,
    redisUrl: e.REDIS_URL,
    oidc:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER ?? 'https://accounts.google.com',
          }
        : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    geocoder: e.MAPBOX_TOKEN
      ? { kind: 'mapbox', token: e.MAPBOX_TOKEN, apiUrl: e.MAPBOX_API_URL }
      : e.GEOCODER_URL
        ? { kind: 'nominatim', url: e.GEOCODER_URL }
        : { kind: 'offline' },
    geocoding: { cacheTtlMs: Math.round(e.GEOCODE_CACHE_HOURS * 60 * 60 * 1000), cacheEntries: e.GEOCODE_CACHE_ENTRIES, perMinute: e.GEOCODE_RATE_LIMIT },
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      auth: e.AUTH_RATE_LIMIT,
      write: e.WRITE_RATE_LIMIT,
      reaction: Math.min(e.REACTION_RATE_LIMIT, e.WRITE_RATE_LIMIT),
      comment: Math.min(e.COMMENT_RATE_LIMIT, e.WRITE_RATE_LIMIT),
    },
    microCacheMs: e.MICRO_CACHE_MS,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    images: { memoryBytes: e.IMAGE_MEMORY_MB * 1024 * 1024 },
    uploads: { quotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024, abandonAfterMs: e.UPLOAD_ABANDON_MINUTES * 60_000 },
    imports: { maxBytes: e.IMPORT_MAX_MB * 1024 * 1024, allowPrivateAddresses: e.ALLOW_PRIVATE_ADDRESSES, perHour: e.IMPORT_RATE_LIMIT },
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : undefined,
    webDev: e.WEB_DEV,
    email: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Broadsheet <no-reply@${new URL(publicUrl).hostname}>`,
      digestHourUtc: e.DIGEST_HOUR_UTC,
      claimSeconds: e.EMAIL_CLAIM_SECONDS,
      sender: e.EMAIL_SENDER,
      outboxDir: path.join(dataDir, 'outbox'),
      webhookSecret: e.EMAIL_WEBHOOK_SECRET,
      confirmationsPerAddress: e.CONFIRM_EMAILS_PER_ADDRESS,
    },
    trustProxy,
    connections: { perAddress: e.MAX_CONNECTIONS_PER_ADDRESS, total: e.MAX_CONNECTIONS },
    supervise: e.SUPERVISE,
    federation: {
      enabled: (e.FEDERATION ?? (publicUrl.startsWith('https://') ? 'on' : 'off')) === 'on',
      allowPrivateAddresses: e.ALLOW_PRIVATE_ADDRESSES,
      inboxPerMinute: e.FEDERATION_RATE_LIMIT,
    },
  };
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: a developer's own machine. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * TRUST_PROXY as Fastify (proxy-addr) takes it. Unset, empty or false: X-Forwarded-For is ignored.
 * A number n: the n proxies nearest the server are trusted, so the client is the n-th address from
 * the right of X-Forwarded-For. A comma list of addresses or CIDR ranges: those proxies are
 * trusted, and the client is the right-most address that is not one of them. `true` is refused: it
 * would trust the left-most address, which the client writes itself. Returns a message when invalid.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops > 0 && hops <= 10 ? hops : 'must be a hop count from 1 to 10, or a comma list of proxy addresses';
  }
  if (text === 'true') {
    return 'true would let clients choose their own address; set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)';
  }
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  const checked = entries.map((entry) => ({ entry, check: checkProxyEntry(entry) }));
  const bad = checked.filter((c) => c.check === 'invalid').map((c) => c.entry);
  if (bad.length > 0) return `not a hop count or a list of addresses/CIDR ranges: ${bad.join(', ')}`;
  const wide = checked.filter((c) => c.check === 'too-wide').map((c) => c.entry);
  if (wide.length > 0) {
    return `${wide.join(', ')} ${wide.length === 1 ? 'is' : 'are'} wider than a network of proxies (at most /${MIN_PROXY_PREFIX.v4} for IPv4, /${MIN_PROXY_PREFIX.v6} for IPv6): list your proxies' own addresses or ranges, or set a hop count`;
  }
  return entries;
}

