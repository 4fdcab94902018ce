import type { CallSpec, Mount, ResourceDef } from '../../resources/types.ts';
import type { Lang } from '../../i18n/index.ts';
import type { Caller, Callers } from '../auth/caller.ts';
import type { Tokens } from '../auth/tokens.ts';
import type { Db, Queryable } from '../db/driver.ts';

/** What the server gives every call. */
export interface Services {
  db: Db;
  tokens: Tokens;
  /** App access tokens of the open API. */
  appTokens: import('../auth/app-tokens.ts').AppTokens;
  /** Lark's per-app ids of members and departments (server/lark/ids.ts). */
  larkIds: import('../lark/ids.ts').LarkIdKeys;
  /** The open-API call log's batched writer. */
  apiLog: import('../services/api-log.ts').ApiLogWriter;
  /** The audit logs' batched writers: sign-ins, operations, requests (docs/operator.md). */
  audit: import('../services/audit-log.ts').AuditLogs;
  /** The event outbox and its delivery worker (docs/events.md). */
  events: import('../events/delivery.ts').EventDelivery;
  callers: Callers;
  /** Drops a cache on every instance once a change has committed (server/services/cache-bus.ts). */
  caches: import('../services/cache-bus.ts').CacheBus;
  /** Rate limits and lockouts, shared by every instance on PostgreSQL (server/services/counters.ts). */
  counters: import('../services/counters.ts').Counters;
  /** Definitions with their custom fields as calls see them, cached (server/engine/custom-fields.ts). */
  fieldSets: import('./custom-fields.ts').FieldSets;
  /** Uploaded files (server/files/store.ts). */
  files: import('../files/store.ts').FileStore;
  /** Outgoing mail (SMTP, or .eml files); absent where no call sends mail. */
  mailer?: import('../mail/mailer.ts').Mailer;
  /** Origin of links in mail (PUBLIC_URL), fixed at start. */
  publicUrl: string;
  /** Seals and opens the secrets BUs hand the platform (server/services/sealer.ts). */
  sealer: import('../services/sealer.ts').Sealer;
  /** SSO's fetches to identity providers, through the SSRF filter unless `ssoAllowPrivate` (server/sso/guarded-fetch.ts). */
  idpFetch: import('../sso/guarded-fetch.ts').GuardedFetch;
  ssoAllowPrivate: boolean;
  /** TXT look-ups that prove a BU's claimed domains (server/sso/domain-proof.ts; SSO_DNS_SERVERS). */
  domainTxt: import('../sso/domain-proof.ts').TxtLookup;
  /** The platform as an OpenID provider (server/oauth/service.ts), and the people's tokens it issued on the open API. */
  oauth: import('../oauth/service.ts').OAuth;
  userTokens: import('../oauth/user-tokens.ts').UserTokens;
  /** Whether a BU's IP whitelist admits an address (cached; see handlers/policy.ts). */
  admits(buGuid: string, ip: string): Promise<boolean>;
}

/** What every call's code receives, whoever declared the call (server/engine/run-call.ts). */
export interface RunContext {
  services: Services;
  caller: Caller | null;
  lang: Lang;
  input: Record<string, unknown>;
  /** The HTTP request (address, host) for handlers that need it. */
  req?: import('fastify').FastifyRequest;
  /** The reply, for the few handlers that answer a file instead of the envelope (an export); such a handler returns it. */
  reply?: import('fastify').FastifyReply;
  /**
   * Queues a side effect (mail; later events and messages) to run once the call has succeeded,
   * so nothing is sent for a change that was rolled back. A failing effect is logged, not answered.
   */
  afterCommit(effect: () => Promise<unknown>): void;
}

/** One call of a definition being answered. */
export interface CallContext extends RunContext {
  def: ResourceDef;
  mount: Mount;
  call: CallSpec;
  /** The definition's business rules (empty when it has none). */
  rules: Rules;
}

/**
 * A named handler for a real business rule; definitions name it in a call spec. What it declares
 * (server/engine/named.ts) is the one schema of its body and of its answer's `data`: the engine
 * validates the body with `input` before it runs and hands it the parsed value, and the OpenAPI
 * documents and the debug console's form show the same schemas.
 */
export interface Handler {
  (ctx: CallContext, body?: never): Promise<unknown>;
  /** Its body; per mount where the mount changes it (an operator's mount names the BU it acts on). */
  input?: import('zod').ZodType | ((mount: Mount, def: ResourceDef) => import('zod').ZodType);
  output?: import('../http/json-schema.ts').AnswerDoc | ((mount: Mount, def: ResourceDef) => import('../http/json-schema.ts').AnswerDoc);
  /** Answers a file, not the envelope: its media types. */
  download?: readonly string[];
  /** The fields of its multipart form beside the file. */
  form?: import('zod').ZodObject;
}

/**
 * What the application hands the engine at mount time: the named handlers and each definition's
 * rules. The engine imports neither, so rules and handlers may use the engine freely.
 */
export interface EngineParts {
  handlers: Readonly<Record<string, Handler>>;
  rules: Readonly<Record<string, Rules>>;
}

/** Business rules that sit beside the generic engine, keyed by resource name. */
export interface Rules {
  /** Checks or completes values before an insert or update; `existing` is set on update. */
  beforeWrite?(ctx: CallContext, tx: Queryable, values: Record<string, unknown>, existing?: Record<string, unknown>): Promise<void>;
  /** Runs in the same transaction after an insert or update, with the stored row. */
  afterWrite?(ctx: CallContext, tx: Queryable, row: Record<string, unknown>, existing?: Record<string, unknown>): Promise<void>;
  /** Checks a named status transition before it happens. */
  beforeTransition?(ctx: CallContext, tx: Queryable, to: number | string, existing: Record<string, unknown>): Promise<void>;
  /** Runs in the same transaction after a transition, with the changed row and the one before. */
  afterTransition?(ctx: CallContext, tx: Queryable, row: Record<string, unknown>, existing: Record<string, unknown>): Promise<void>;
  beforeDelete?(ctx: CallContext, tx: Queryable, rows: Record<string, unknown>[]): Promise<void>;
  afterDelete?(ctx: CallContext, tx: Queryable, rows: Record<string, unknown>[]): Promise<void>;
  /** The change alters who may do what: drop cached permissions. */
  affectsGrants?: boolean;
  /** The change alters a definition's fields (custom fields, a BU's switches): drop cached field sets. */
  affectsFields?: boolean;
}
