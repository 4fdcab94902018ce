import { join, resolve } from 'node:path';
import { DEFAULT_LIMITS, type EdgeLimits } from './http/edge.ts';
import { DEADLINES } from './db/deadlines.ts';
import { LEASE_MIN_S, LEASE_S } from './events/policy.ts';

/**
 * TRUST_PROXY: the number of reverse proxies in front of the server (`1`), or their addresses
 * and CIDRs (`10.0.0.5,10.0.1.0/24`). Only then does X-Forwarded-For give the client address,
 * read from the right past the trusted hops, so a client cannot choose its own address by
 * sending the header. `true` would trust the left-most entry, which any client writes: refused.
 */
export const parseTrustProxy = (raw: string | undefined): false | number | string[] => {
  const v = raw?.trim();
  if (!v) return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (/^(true|yes|on)$/i.test(v)) throw new Error('TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.1.0/24), not "true": trusting every hop lets any client choose its own address.');
  return v.split(',').map((s) => s.trim()).filter(Boolean);
};

const intEnv = (name: string, fallback: number) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, not "${v}".`);
  return n;
};

/** EVENT_LEASE_S: not below LEASE_MIN_S, so that a push still out is not claimed again (server/events/policy.ts). */
const leaseEnv = () => {
  const s = intEnv('EVENT_LEASE_S', LEASE_S);
  if (s < LEASE_MIN_S) throw new Error(`EVENT_LEASE_S must be at least ${LEASE_MIN_S} seconds, not ${s}: a push may take 5 s before its attempt is recorded, and an event still out must not be sent again.`);
  return s;
};

/** Every environment variable the server reads (README "Configuration" lists them). */
export const config = () => {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const limits: EdgeLimits = {
    requestTimeoutMs: intEnv('REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeoutMs),
    headersTimeoutMs: intEnv('HEADERS_TIMEOUT_MS', DEFAULT_LIMITS.headersTimeoutMs),
    keepAliveTimeoutMs: intEnv('KEEP_ALIVE_TIMEOUT_MS', DEFAULT_LIMITS.keepAliveTimeoutMs),
    maxConnectionsPerIp: intEnv('MAX_CONNECTIONS_PER_IP', DEFAULT_LIMITS.maxConnectionsPerIp),
    maxConnections: intEnv('MAX_CONNECTIONS', DEFAULT_LIMITS.maxConnections),
  };
  return {
    port,
    host,
    dataDir: resolve(process.env.DATA_DIR ?? './data'),
    /** Uploaded files; beside the database by default. */
    filesDir: resolve(process.env.FILES_DIR ?? join(process.env.DATA_DIR ?? './data', 'files')),
    databaseUrl: process.env.DATABASE_URL || undefined,
    /** The embedded database refuses writes below this much free disk (MiB) under DATA_DIR (server/db/free-space.ts). */
    dataDirMinFreeMb: intEnv('DATA_DIR_MIN_FREE_MB', 256),
    /** PostgreSQL itself, for the session LISTEN and the start lock when DATABASE_URL is a pooler in transaction mode (docs/operations.md, "Many instances behind PgBouncer"). */
    databaseDirectUrl: process.env.DATABASE_DIRECT_URL || undefined,
    /** Statements one tenant or app may run at once on PostgreSQL; the machine's cores (2 to 5) when absent (docs/operations.md, "Fair share"). */
    databaseShare: process.env.DATABASE_SHARE ? intEnv('DATABASE_SHARE', 1) : undefined,
    /** How long a call waits for a PostgreSQL connection and for each statement's answer (docs/operations.md, "Deadlines"). */
    databaseDeadlines: { connectMs: intEnv('DATABASE_CONNECT_TIMEOUT_MS', DEADLINES.connectMs), statementMs: intEnv('DATABASE_STATEMENT_TIMEOUT_MS', DEADLINES.statementMs) },
    adminUsername: process.env.OPEN_ADMIN_USERNAME || undefined,
    adminPassword: process.env.OPEN_ADMIN_PASSWORD || undefined,
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    /** Where links in mail point; never taken from a request's Host or X-Forwarded-Host. */
    publicUrl: publicUrlOf(process.env.PUBLIC_URL, host, port),
    publicUrlGiven: !!process.env.PUBLIC_URL,
    staticDir: resolve(process.env.STATIC_DIR ?? './dist'),
    logLevel: process.env.LOG_LEVEL ?? 'info',
    limits,
    apiLogRetentionDays: intEnv('API_LOG_RETENTION_DAYS', 30),
    /** Days the audit logs keep (docs/operator.md, "Audit logs"). */
    auditLogRetentionDays: intEnv('AUDIT_LOG_RETENTION_DAYS', 90),
    openApiRatePerMinute: intEnv('OPEN_API_RATE_LIMIT', 600),
    /** Event pushes may reach loopback and private addresses (development and tests only; docs/events.md). */
    allowPrivateWebhooks: process.env.ALLOW_PRIVATE_WEBHOOKS === '1',
    /** Seconds before an event this instance claimed is due again should it die mid-push (docs/events.md, "Delivery: the guarantees"). */
    eventLeaseS: leaseEnv(),
    /** SSO's fetches (discovery, keys, metadata, tokens) may reach loopback and private addresses (an IdP inside the network; docs/sso.md). */
    allowPrivateIdp: process.env.ALLOW_PRIVATE_IDP === '1',
    /** DNS servers that check BUs' domain proofs (`host` or `host:port`, comma-separated); the system's when absent (docs/sso.md). */
    ssoDnsServers: process.env.SSO_DNS_SERVERS ? process.env.SSO_DNS_SERVERS.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
    /** The key sealing BUs' SSO secrets (docs/sso.md); a key file in DATA_DIR when absent. */
    secretsKey: process.env.SECRETS_KEY || undefined,
  };
};

/** PUBLIC_URL, or the address the server listens on (a wildcard host becomes 127.0.0.1). */
export const publicUrlOf = (given: string | undefined, host: string, port: number) => {
  if (given) {
    const u = new URL(given);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http or https URL, not "${given}".`);
    return given.replace(/\/+$/, '');
  }
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
};
