import net from 'node:net';

/** The key a connection counts under: the address, or its /64 for IPv6 (v4-mapped addresses as IPv4). */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address)) {
    const full = expandIpv6(address);
    return full ? `${full.slice(0, 4).join(':')}::/64` : address;
  }
  return address;
}

function expandIpv6(address: string): string[] | undefined {
  const [head, tail] = address.split('::');
  if (address.split('::').length > 2) return undefined;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (address.includes('::') ? missing < 0 : missing !== 0) return undefined;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether a peer is one of the trusted proxies: with a hop count every peer is; with a list, those. */
export function trustedPeer(trustProxy: false | number | string[]): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const list = new net.BlockList();
  for (const entry of trustProxy.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return list.check(mapped[1]!, 'ipv4');
    return list.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
  };
}
