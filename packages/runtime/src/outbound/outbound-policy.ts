import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

import ipaddr from 'ipaddr.js';

import { classifyAddress, parseLooseIpv4, type AddressVerdict } from './address-classification';
import { OutboundRefusedError } from './outbound-refused-error';
import { describeUrlForMessage } from './url-for-message';

/** Resolves a hostname to all of its addresses (injectable so tests need no DNS). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

/** How one deployment lets outbound requests through. */
export interface OutboundPolicyOptions {
  /**
   * Hostnames (`ollama.internal`), addresses (`127.0.0.1`) or CIDRs (`10.0.0.0/8`, `fd00::/8`) the
   * operator allows although private. A listed hostname exempts every address it resolves to.
   */
  allowPrivateTargets?: readonly string[];
  /** DNS override (tests, custom resolvers); the policy applies to its answers like to real ones. */
  resolve?: ResolveAll;
}

/** A URL that passed the check, with the addresses it was judged by. */
export interface AllowedTarget {
  url: URL;
  addresses: LookupAddress[];
}

const resolveWithDns: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** Cloud metadata services by name (they hand out credentials). */
const metadataHostnames = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);
/** RFC 6761: `localhost` and every name under it mean this host, whatever a DNS server says. */
const loopbackAnswers: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** Lower-cases a hostname and drops URL brackets and trailing dots (`LocalHost.` is `localhost`). */
export function normalizeHostname(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
}

function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/**
 * The one outbound policy: every URL a tenant or operator can set (model and embedder base URLs,
 * webhooks, the HTTP tool, MCP servers) is judged here, at save time (`assertAllowed`) and at
 * connect time (`lookup`, which resolves the name itself and hands the connection only addresses
 * it checked, so a DNS answer that changed since the save cannot point it elsewhere). Only public
 * unicast addresses pass, with IPv4 carried inside IPv6 judged as IPv4, unless the operator
 * allowlisted the target.
 */
export class OutboundPolicy {
  private readonly allowedHostnames = new Set<string>();
  private readonly allowedRanges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  private readonly resolveAll: ResolveAll;
  /** For `http.request`, `net.connect` and undici's `connect`: resolves and checks at connect time. */
  readonly lookup: LookupFunction;

  constructor(options: OutboundPolicyOptions = {}) {
    for (const entry of options.allowPrivateTargets ?? []) this.allow(entry.trim());
    this.resolveAll = options.resolve ?? resolveWithDns;
    this.lookup = (hostname, lookupOptions, callback) => {
      this.resolveChecked(normalizeHostname(hostname), hostname).then(
        (addresses) => {
          // Honour a requested family (e.g. `family: 4`), but only among addresses that passed the check.
          const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : undefined;
          const usable = wanted === undefined ? addresses : addresses.filter((entry) => entry.family === wanted);
          const first = usable[0];
          if (first === undefined) callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }), '', 0);
          else if (lookupOptions.all === true) callback(null, usable);
          else callback(null, first.address, first.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    };
  }

  /**
   * Checks what can be checked without DNS: http(s) only, no loopback or metadata names, and an
   * address literal (decimal, octal and hex IPv4 forms are normalised by URL parsing) must be
   * public. Returns the parsed URL.
   * @throws OutboundRefusedError
   */
  checkUrl(url: string | URL): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw refuse(describeUrlForMessage(url), 'not a valid URL');
    }
    const shown = describeUrlForMessage(parsed);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refuse(shown, `scheme ${parsed.protocol} is not allowed`);
    const hostname = normalizeHostname(parsed.hostname);
    if (hostname === '') throw refuse(shown, 'no host');
    if (isIP(hostname) !== 0) this.checkAddresses(hostname, [{ address: hostname, family: isIP(hostname) }], shown);
    else this.checkName(hostname, shown);
    return parsed;
  }

  /**
   * The save-time check: `checkUrl`, then the name is resolved and every address it resolves to
   * must pass (one private answer is enough to refuse: DNS may round-robin to it).
   * @throws OutboundRefusedError
   */
  async assertAllowed(url: string | URL): Promise<AllowedTarget> {
    const parsed = this.checkUrl(url);
    const addresses = await this.resolveChecked(normalizeHostname(parsed.hostname), describeUrlForMessage(parsed));
    return { url: parsed, addresses };
  }

  /** Why an address is refused under this policy (allowlist applied), or undefined. */
  refuseAddress(address: string): string | undefined {
    return this.refusedVerdict(address)?.refusal;
  }

  /** The verdict on an address the policy refuses (allowlist applied), or undefined when it may be reached. */
  private refusedVerdict(address: string): AddressVerdict | undefined {
    const text = address.replace(/^\[|\]$/g, '');
    if (this.isAllowedAddress(text)) return undefined;
    const verdict = classifyAddress(text);
    if (verdict.refusal === undefined) return undefined;
    // An operator who allowed 127.0.0.1 allowed it in every spelling, `[::ffff:127.0.0.1]` included.
    const carried = verdict.embeddedIpv4?.split(', ') ?? [];
    if (carried.length > 0 && carried.every((ipv4) => this.isAllowedAddress(ipv4))) return undefined;
    return verdict;
  }

  private async resolveChecked(hostname: string, shown: string): Promise<LookupAddress[]> {
    const loose = isIP(hostname) === 0 ? parseLooseIpv4(hostname) : undefined;
    const literal = isIP(hostname) !== 0 ? hostname : loose;
    let addresses: LookupAddress[];
    if (literal !== undefined) {
      addresses = [{ address: literal, family: isIP(literal) }];
    } else {
      this.checkName(hostname, shown);
      if (isLoopbackName(hostname)) {
        addresses = loopbackAnswers;
      } else {
        try {
          addresses = await this.resolveAll(hostname);
        } catch (error) {
          throw refuse(shown, `${hostname} could not be resolved (${error instanceof Error ? error.message : String(error)})`);
        }
      }
    }
    this.checkAddresses(hostname, addresses, shown);
    return addresses;
  }

  private checkName(hostname: string, shown: string): void {
    if (this.allowedHostnames.has(hostname)) return;
    if (metadataHostnames.has(hostname)) throw refuse(shown, 'cloud metadata service');
    // Loopback names are judged by the loopback addresses they stand for (see resolveChecked).
  }

  private checkAddresses(hostname: string, addresses: readonly LookupAddress[], shown: string): void {
    if (addresses.length === 0) throw refuse(shown, `${hostname} did not resolve`);
    if (this.allowedHostnames.has(hostname)) return;
    for (const { address } of addresses) {
      const verdict = this.refusedVerdict(address);
      if (verdict === undefined) continue;
      // A literal is the saver's own text, so it may be repeated. A name's answer may not: the refusal
      // reaches whoever saved the URL (a tenant admin saving an agent, webhook or MCP server), who could
      // otherwise map the deployment's internal DNS one save at a time. The class is enough to act on.
      throw refuse(shown, address === hostname ? `${address} is ${verdict.refusal}` : `${hostname} resolves to a non-public address (${verdict.refusedClass})`);
    }
  }

  private allow(entry: string): void {
    if (entry === '') return;
    if (ipaddr.isValidCIDR(entry)) {
      this.allowedRanges.push(ipaddr.parseCIDR(entry));
    } else if (isIP(entry) !== 0) {
      const address = ipaddr.parse(entry);
      this.allowedRanges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else {
      this.allowedHostnames.add(normalizeHostname(entry));
    }
  }

  private isAllowedAddress(text: string): boolean {
    if (this.allowedRanges.length === 0 || !ipaddr.isValid(text)) return false;
    const address = ipaddr.parse(text);
    return this.allowedRanges.some((range) => range[0].kind() === address.kind() && address.match(range));
  }
}

/**
 * `shown` is what the message may say about the target: `describeUrlForMessage` of the URL, or the
 * bare hostname at connect time. Never the URL itself: its path or query may carry a credential,
 * and a refusal's message reaches viewers through a failed run's error.
 */
function refuse(shown: string, reason: string): OutboundRefusedError {
  return new OutboundRefusedError(`Refused to reach ${shown}: ${reason}`);
}
