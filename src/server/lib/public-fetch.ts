import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch, type Response } from 'undici';

/**
 * Requests to addresses taken from content or from other servers (an import's remote images;
 * federation later) must not reach this machine, its network or the cloud's metadata service.
 * Every address DNS gives for a host is checked, and the connection is made only to the checked
 * addresses (the Agent's own lookup), so a name that resolves to a public address once and a
 * private one the next time (DNS rebinding) cannot slip through. Literal addresses are checked
 * before connecting, every redirect hop is checked again, and the body is bounded in size and time.
 * Why each bound is what it is: docs/decisions/046-import-and-export.md.
 */

export const PUBLIC_FETCH_DEFAULTS = {
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 5,
} as const;

export type PublicFetchFailure = 'private address' | 'too large' | 'timed out' | 'http status' | 'too many redirects' | 'bad address' | 'network';

export class PublicFetchError extends Error {
  constructor(
    readonly url: string,
    readonly failure: PublicFetchFailure,
    detail: string,
  ) {
    super(`${url}: ${detail}`);
    this.name = 'PublicFetchError';
  }
}

export interface PublicFetchOptions {
  /** Reach loopback and private addresses too (ALLOW_PRIVATE_ADDRESSES, for tests on one machine). */
  allowPrivateAddresses?: boolean;
  maxBytes?: number;
  /** For the whole exchange: every hop and the whole body. */
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface PublicFetchResult {
  /** The address the body came from, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
}

/** Whether an address is an ordinary public unicast one (ipaddr.js's `range()`), IPv4-mapped IPv6 read as IPv4. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A lookup for the Agent's sockets that answers only with addresses `allowed` accepts, refusing the host when any is not. */
export function checkedLookup(allowed: (address: string) => boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !allowed(entry.address));
      if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

class PrivateAddressError extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
  }
}

export interface PublicFetcher {
  (url: string, options?: Omit<PublicFetchOptions, 'allowPrivateAddresses'>): Promise<PublicFetchResult>;
  close(): Promise<void>;
}

/** A fetcher whose connections go only to addresses `allowed` accepts; its Agent keeps connections for reuse. */
export function createPublicFetch(allowed: (address: string) => boolean): PublicFetcher {
  const agent = new Agent({ connect: { lookup: checkedLookup(allowed) } });
  const fetcher = (url: string, options: Omit<PublicFetchOptions, 'allowPrivateAddresses'> = {}) => fetchWith(agent, allowed, url, options);
  return Object.assign(fetcher, { close: () => agent.close() });
}

let publicOnly: PublicFetcher | null = null;
let anyAddress: PublicFetcher | null = null;

/**
 * GETs an address from content or a remote server with every guard on, and answers its body, or
 * fails with a PublicFetchError that says what failed: `private address`, `too large`,
 * `timed out`, `HTTP 404`, `too many redirects`.
 */
export function publicFetch(url: string, options: PublicFetchOptions = {}): Promise<PublicFetchResult> {
  const fetcher = options.allowPrivateAddresses ? (anyAddress ??= createPublicFetch(() => true)) : (publicOnly ??= createPublicFetch(isPublicAddress));
  return fetcher(url, options);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function fetchWith(agent: Agent, allowed: (address: string) => boolean, start: string, options: Omit<PublicFetchOptions, 'allowPrivateAddresses'>): Promise<PublicFetchResult> {
  const maxBytes = options.maxBytes ?? PUBLIC_FETCH_DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? PUBLIC_FETCH_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? PUBLIC_FETCH_DEFAULTS.maxRedirects;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = start;

  const failed = (error: unknown): PublicFetchError => {
    if (error instanceof PublicFetchError) return error;
    if (timeout.aborted) return new PublicFetchError(url, 'timed out', `timed out after ${timeoutMs / 1000} s`);
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof PrivateAddressError) return new PublicFetchError(url, 'private address', `private address (${cause.message})`);
    if (options.signal?.aborted) return new PublicFetchError(url, 'network', 'cancelled');
    return new PublicFetchError(url, 'network', `could not connect (${(cause as Error | undefined)?.message ?? (error as Error).message})`);
  };

  try {
    for (let hop = 0; ; hop += 1) {
      const target = checkedUrl(url, allowed);
      const response: Response = await fetch(target, { dispatcher: agent, redirect: 'manual', signal, headers: options.headers });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw new PublicFetchError(url, 'http status', `HTTP ${response.status} without a Location`);
        if (hop >= maxRedirects) throw new PublicFetchError(start, 'too many redirects', `more than ${maxRedirects} redirects`);
        url = new URL(location, target).href;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PublicFetchError(url, 'http status', `HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel();
        throw new PublicFetchError(url, 'too large', `too large (${declared} bytes, more than ${maxBytes})`);
      }
      const chunks: Uint8Array[] = [];
      let received = 0;
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          received += value.byteLength;
          if (received > maxBytes) {
            await reader.cancel();
            throw new PublicFetchError(url, 'too large', `too large (more than ${maxBytes} bytes)`);
          }
          chunks.push(value);
        }
      }
      return { url, status: response.status, contentType: response.headers.get('content-type'), body: Buffer.concat(chunks) };
    }
  } catch (error) {
    throw failed(error);
  }
}

/**
 * The address as a URL when it may be fetched: http or https only, and a literal IP address must
 * pass `allowed` here, since a socket connects to a literal without any lookup.
 */
function checkedUrl(url: string, allowed: (address: string) => boolean): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PublicFetchError(url, 'bad address', 'not an address');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new PublicFetchError(url, 'bad address', `${parsed.protocol} addresses are not fetched`);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host) && !allowed(host)) throw new PublicFetchError(url, 'private address', `private address (${host})`);
  return parsed;
}
