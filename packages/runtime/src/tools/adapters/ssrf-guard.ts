import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { ToolAdapterError } from './adapter-error';
import { AddressPolicy, normalizeHostname } from './address-policy';

/** Resolves a hostname to all of its addresses (injectable so tests need no DNS). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

/** Options of the guard; `allow` lists hostnames, addresses or CIDRs that are exempt. */
export interface PublicUrlOptions {
  allow?: readonly string[];
  resolve?: ResolveAll;
}

const resolveWithDns: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

function refuse(url: string, reason: string): ToolAdapterError {
  return new ToolAdapterError('url-refused', `Refused to reach ${url}: ${reason}`);
}

/** Checks every resolved address; one private address is enough to refuse (DNS may round-robin to it). */
function checkAddresses(
  policy: AddressPolicy,
  hostname: string,
  addresses: readonly LookupAddress[],
  url: string,
): void {
  if (addresses.length === 0) throw refuse(url, `${hostname} did not resolve`);
  if (policy.allowsHostname(hostname)) return;
  for (const { address } of addresses) {
    const reason = policy.refuseAddress(address);
    if (reason !== undefined) throw refuse(url, `${hostname} resolves to ${address} (${reason})`);
  }
}

/**
 * Refuses URLs that would reach the host itself, private networks or cloud metadata services:
 * http(s) only; the hostname is resolved and all of its addresses must be public unless the
 * host, address or CIDR is allowlisted. Returns the checked addresses.
 * @throws ToolAdapterError with kind `url-refused`.
 */
export async function assertPublicUrl(
  url: string | URL,
  options: PublicUrlOptions = {},
): Promise<{ url: URL; addresses: LookupAddress[] }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ToolAdapterError('url-refused', `Refused to reach ${String(url)}: not a valid URL`);
  }
  const shown = parsed.href;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw refuse(shown, `scheme ${parsed.protocol} is not allowed`);
  const policy = new AddressPolicy(options.allow);
  const hostname = normalizeHostname(parsed.hostname);
  const nameReason = policy.refuseHostname(hostname);
  if (nameReason !== undefined) throw refuse(shown, nameReason);
  const family = isIP(hostname);
  let addresses: LookupAddress[];
  if (family === 0) {
    try {
      addresses = await (options.resolve ?? resolveWithDns)(hostname);
    } catch (error) {
      throw refuse(
        shown,
        `${hostname} could not be resolved (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  } else {
    addresses = [{ address: hostname, family }];
  }
  checkAddresses(policy, hostname, addresses, shown);
  return { url: parsed, addresses };
}

/**
 * A `lookup` for `http.request`/`net.connect` that applies the same policy at connection time,
 * so a DNS answer that changed since `assertPublicUrl` (rebinding) cannot slip through.
 */
export function createGuardedLookup(options: PublicUrlOptions = {}): LookupFunction {
  const policy = new AddressPolicy(options.allow);
  const resolveAll = options.resolve ?? resolveWithDns;
  return (hostname, lookupOptions, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        try {
          checkAddresses(policy, normalizeHostname(hostname), addresses, hostname);
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '', 0);
          return;
        }
        // Honour a requested family (e.g. `family: 4`), but only among addresses that passed the check.
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : undefined;
        const usable = wanted === undefined ? addresses : addresses.filter((entry) => entry.family === wanted);
        const first = usable[0];
        if (first === undefined)
          callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }), '', 0);
        else if (lookupOptions.all === true) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
