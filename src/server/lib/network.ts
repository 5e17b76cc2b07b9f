import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/**
 * The key a client counts under: the address, or its /64 for IPv6 (one household or one server
 * holds a whole /64, so counting its addresses apart would give it 2^64 allowances). An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 peers) counts
 * as the IPv4 address it carries.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}

/**
 * Whether a peer is one of the trusted proxies: with a hop count every peer is (the nearest hop is
 * the proxy); with a list, the addresses and ranges it names, as Fastify itself matches them
 * (proxy-addr, with its `loopback`, `linklocal` and `uniquelocal` names).
 */
export function trustedPeer(trustProxy: false | number | string[]): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const trusts = proxyaddr.compile(trustProxy);
  return (address) => ipaddr.isValid(address) && trusts(address, 0);
}

/** The names proxy-addr knows for the private ranges, accepted in TRUST_PROXY as they are. */
export const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * The widest ranges TRUST_PROXY accepts. Trusting a wider range (e.g. 0.0.0.0/1 plus
 * 128.0.0.0/1) trusts nearly every address, which is `true` in disguise: clients would choose the
 * address their limits are counted by. /8 is already a whole private network (10.0.0.0/8).
 */
export const MIN_PROXY_PREFIX = { v4: 8, v6: 32 };

export type ProxyEntryCheck = 'ok' | 'invalid' | 'too-wide';

/**
 * One TRUST_PROXY entry: a name proxy-addr knows, an address, or a CIDR range whose prefix fits its
 * family. IPv4 must be written as four decimal parts (ipaddr.js would also read `10` or `0xa` as an
 * address, which nobody means in a list of proxies).
 */
export function checkProxyEntry(entry: string): ProxyEntryCheck {
  if ((NAMED_PROXY_RANGES as readonly string[]).includes(entry)) return 'ok';
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return 'invalid';
  if (slash === -1) return 'ok';
  let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    range = ipaddr.parseCIDR(entry);
  } catch {
    return 'invalid';
  }
  const [network, prefix] = range;
  if (network.kind() === 'ipv4') return prefix < MIN_PROXY_PREFIX.v4 ? 'too-wide' : 'ok';
  // An IPv4-mapped IPv6 range (::ffff:a.b.c.d/n) covers IPv4 addresses: its last 32 bits count as IPv4's.
  if ((network as ipaddr.IPv6).isIPv4MappedAddress()) return prefix - 96 < MIN_PROXY_PREFIX.v4 ? 'too-wide' : 'ok';
  return prefix < MIN_PROXY_PREFIX.v6 ? 'too-wide' : 'ok';
}
