import dns from 'node:dns';
import net from 'node:net';

/** Addresses a webhook may never reach unless private targets are allowed (SSRF). */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
