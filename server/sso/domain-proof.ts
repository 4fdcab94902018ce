import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { freeEmailDomains } from 'free-email-domains-typescript';

/**
 * Public mail providers' domains (gmail.com, outlook.com, qq.com, 163.com…), from a maintained
 * package: no BU may claim one, or it would receive everyone's "Sign in with your company".
 */
const PUBLIC_MAIL = new Set(freeEmailDomains.map((d) => d.toLowerCase()));
export const isPublicMailDomain = (domain: string) => PUBLIC_MAIL.has(domain.toLowerCase());

/** A new domain's token: what the BU publishes to prove the domain is its own. */
export const newDomainToken = () => randomBytes(18).toString('base64url');

/** The TXT record that proves a claim (docs/sso.md, "Company e-mail domains"). */
export const proofRecord = (domain: string, token: string) => ({ name: `_open-platform-challenge.${domain}`, value: `open-platform-verification=${token}` });

/** Reads a name's TXT records (each record's strings); rejects when the name has none or DNS fails. */
export type TxtLookup = (name: string) => Promise<string[][]>;

/**
 * TXT look-ups through Node's resolver: the system's DNS servers, or `servers` (SSO_DNS_SERVERS,
 * `host` or `host:port`). One try of 5 seconds per server, so a Verify press never hangs.
 */
export const txtLookup = (servers?: readonly string[]): TxtLookup => {
  const resolver = new Resolver({ timeout: 5000, tries: 1 });
  if (servers?.length) resolver.setServers(servers);
  return (name) => resolver.resolveTxt(name);
};

/** Whether the domain's TXT records include its proof; a name with no records (or a DNS failure) proves nothing. */
export const domainProved = async (lookup: TxtLookup, domain: string, token: string) => {
  const { name, value } = proofRecord(domain, token);
  const records = await lookup(name).catch(() => [] as string[][]);
  // A long TXT record comes as several strings: they are one value.
  return records.some((r) => r.join('') === value);
};
