import dns from 'node:dns';
import net from 'node:net';

/**
 * IPv4 ranges a webhook may never reach unless private targets are allowed (SSRF): this host,
 * private, shared, loopback, link-local, protocol assignments, documentation, benchmarking,
 * the 6to4 relay, multicast and reserved.
 */
const blockedV4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(prefix, bits, 'ipv4');
}

/**
 * IPv6 ranges refused outright. This list holds no IPv4-mapped range: a `net.BlockList` checks an
 * IPv4 address against mapped IPv6 rules too, so `::ffff:0:0/96` here would refuse every IPv4
 * address. Forms that carry an IPv4 address are unwrapped below and judged by the IPv4 list.
 */
const blockedV6 = new net.BlockList();
for (const [prefix, bits] of [
  ['100::', 64], // discard
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 32], // Teredo: the client address inside is obfuscated, so none is trusted
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(prefix, bits, 'ipv6');
}

/** The 16 bytes of an IPv6 address (without brackets or zone), or null when it is not one. */
function ipv6Bytes(address: string): Uint8Array | null {
  if (net.isIPv6(address) === false) return null;
  let text = address;
  const bytes = new Uint8Array(16);
  // A trailing dotted IPv4 part fills the last four bytes.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tailWords: number[] = [];
  if (dotted?.[1]) {
    const parts = dotted[1].split('.').map(Number);
    tailWords = [((parts[0] ?? 0) << 8) | (parts[1] ?? 0), ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)];
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', tail] = text.split('::');
  const words = (s: string) => (s === '' ? [] : s.split(':').map((w) => parseInt(w, 16)));
  const headWords = words(head);
  const backWords = [...(tail === undefined ? [] : words(tail)), ...tailWords];
  const all =
    tail === undefined
      ? [...headWords, ...tailWords]
      : [...headWords, ...new Array<number>(8 - headWords.length - backWords.length).fill(0), ...backWords];
  if (all.length !== 8) return null;
  all.forEach((w, i) => {
    bytes[i * 2] = (w >> 8) & 0xff;
    bytes[i * 2 + 1] = w & 0xff;
  });
  return bytes;
}

const v4At = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const allZero = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);

/**
 * The IPv4 address an IPv6 address stands for or carries, when it does: IPv4-compatible (`::a.b.c.d`,
 * and `::` / `::1` among them), IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`),
 * NAT64 (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`).
 */
function embeddedIpv4(b: Uint8Array): string | null {
  if (allZero(b, 0, 12)) return v4At(b, 12);
  if (allZero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return v4At(b, 12);
  if (allZero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return v4At(b, 12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && allZero(b, 4, 12)) return v4At(b, 12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4At(b, 2);
  return null;
}

/**
 * Whether a webhook may not reach this address: anything that is not an address, a private or
 * special IPv4 address, or an IPv6 address that is private itself or carries a private IPv4 one.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  // A zone names a local interface: only link-local addresses carry one.
  if (bare.includes('%')) return true;
  const family = net.isIP(bare);
  if (family === 4) return blockedV4.check(bare, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(bare);
  if (!bytes) return true;
  const v4 = embeddedIpv4(bytes);
  if (v4 !== null) return blockedV4.check(v4, 'ipv4');
  return blockedV6.check(bare, 'ipv6');
}

export class UnsafeAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a loopback, private or link-local address`);
    this.name = 'UnsafeAddressError';
  }
}

/** Every address the host resolves to must be public; answers the reason it is not, or null. */
export async function unsafeAddressReason(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [host]
    : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const bad = addresses.find(isPrivateAddress);
  return bad ? new UnsafeAddressError(host, bad).message : null;
}

/**
 * A `lookup` for http.request that refuses private addresses at connect time, on the address the
 * socket will really use: a name that changed its answer since registration (DNS rebinding) is
 * refused here.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new UnsafeAddressError(hostname, bad.address), '', 0);
    if ((options as dns.LookupOptions).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
    callback(null, first.address, first.family);
  });
};
