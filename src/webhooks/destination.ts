// Where a webhook may point. A tenant chooses the URL and reads back each attempt's status and error, so without
// this check any API key could make the server probe its own network (loopback, RFC 1918, cloud metadata).
// Checked at registration (a 400) and again when each connection is made (DNS may change after registration).
import dns from 'node:dns';
import net, { BlockList, type LookupFunction } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address a host name resolves to (the system resolver by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

// First match names the reason. BlockList checks IPv4-mapped IPv6 (::ffff:a.b.c.d) against the IPv4 rules too.
const RANGES: Array<[reason: string, subnets: Array<[string, number, 'ipv4' | 'ipv6']>]> = [
  ['a loopback address', [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']]],
  ['an unspecified address', [['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']]],
  ['a private (RFC 1918) address', [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4']]],
  ['a link-local address (this includes cloud metadata at 169.254.169.254)', [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']]],
  ['a shared (CGNAT, 100.64.0.0/10) address', [['100.64.0.0', 10, 'ipv4']]],
  ['a unique local (fc00::/7) address', [['fc00::', 7, 'ipv6'], ['fec0::', 10, 'ipv6']]],
  ['a multicast address', [['224.0.0.0', 4, 'ipv4'], ['ff00::', 8, 'ipv6']]],
  [
    'a reserved address',
    [['192.0.0.0', 24, 'ipv4'], ['198.18.0.0', 15, 'ipv4'], ['240.0.0.0', 4, 'ipv4'], ['::', 96, 'ipv6']],
  ],
];
const LISTS = RANGES.map(([reason, subnets]) => {
  const list = new BlockList();
  for (const [network, prefix, type] of subnets) list.addSubnet(network, prefix, type);
  return [reason, list] as const;
});

/** Why an IP address is not a public destination, or undefined if it is one. */
export function refusedReason(address: string): string | undefined {
  const family = net.isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return LISTS.find(([, list]) => list.check(address, type))?.[0];
}

/** A destination that resolves to a non-public address; never worth retrying. */
export class DestinationRefusedError extends Error {
  readonly code = 'EDESTINATIONREFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

/** A URL's host without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses `hostname` resolves to, all of them public; otherwise DestinationRefusedError naming the first
 * address that is not (one private address among public ones is enough: the client may pick it). Resolver errors
 * (a name that does not resolve) pass through.
 */
export async function vetHost(hostname: string, resolve: Resolver = systemResolver): Promise<ResolvedAddress[]> {
  const addresses = net.isIP(hostname) ? [{ address: hostname, family: net.isIP(hostname) }] : await resolve(hostname);
  if (addresses.length === 0) throw new DestinationRefusedError(`${hostname} resolves to no address`);
  for (const { address } of addresses) {
    const reason = refusedReason(address);
    if (reason) {
      const what = address === hostname ? address : `${hostname} resolves to ${address}`;
      throw new DestinationRefusedError(`${what}, ${reason}; only public addresses are allowed`);
    }
  }
  return addresses;
}

/**
 * A `lookup` for http(s).request that refuses non-public addresses, so the connection goes to the address that was
 * vetted (no window for DNS rebinding between a check and the connect). IP literals never reach a lookup: check
 * them with vetHost first.
 */
export function vettedLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    vetHost(hostname, resolve).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          callback(Object.assign(new Error(`${hostname}: no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
        } else if (options.all) {
          (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
