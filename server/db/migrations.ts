import { API_LOG_HOURS_BACKFILL } from '../services/api-log-hours.ts';
import type { Queryable } from './driver.ts';
import { PARTITIONED_LOGS, partitionLog } from './log-partitions.ts';
import { SCOPE } from '../../schemas/app-scope.ts';

/**
 * Numbered migrations for what the definitions cannot derive: tables of the identity core
 * (sessions, grants, throttling) and any rename, type change or data move. Append only.
 */
export interface Migration {
  id: number;
  name: string;
  up: readonly string[];
  /** Run after `up`, in its transaction, on PostgreSQL only (a step that reads the catalogue to decide). */
  postgres?: (tx: Queryable) => Promise<void>;
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'identity core',
    up: [
      `create table if not exists session (
        jti uuid primary key,
        user_guid uuid not null,
        bu_guid uuid,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        created_at timestamptz not null default now())`,
      'create index if not exists session_user_idx on session (user_guid)',
      `create table if not exists role_permission (
        role_guid uuid not null,
        permission_guid uuid not null,
        primary key (role_guid, permission_guid))`,
      'create index if not exists role_permission_permission_idx on role_permission (permission_guid)',
      `create table if not exists user_bu (
        user_guid uuid not null,
        bu_guid uuid not null,
        is_owner boolean not null default false,
        role_guids jsonb not null default '[]',
        created_at timestamptz not null default now(),
        primary key (user_guid, bu_guid))`,
      `create table if not exists login_attempt (
        username text primary key,
        failures integer not null default 0,
        window_start timestamptz not null default now(),
        locked_until timestamptz)`,
      `create table if not exists server_secret (
        name text primary key,
        value text not null)`,
    ],
  },
  {
    id: 2,
    name: 'tenant identity: one-time codes and links, account language',
    up: [
      // E-mail codes (6 digits) and link tokens (reset, activation), stored as salted hashes.
      `create table if not exists one_time_code (
        guid uuid primary key,
        purpose text not null,
        target text not null,
        code_hash text not null,
        salt text not null,
        tries integer not null default 0,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now())`,
      'create index if not exists one_time_code_target_idx on one_time_code (purpose, target, created_at)',
      'alter table users add column if not exists lang text',
    ],
  },
  {
    id: 3,
    name: 'survivable lockout: a lane per known address, addresses an account has logged in from',
    up: [
      "alter table login_attempt add column if not exists ip text not null default ''",
      'alter table login_attempt drop constraint if exists login_attempt_pkey',
      'alter table login_attempt add primary key (username, ip)',
      `create table if not exists login_address (
        user_guid uuid not null,
        ip text not null,
        last_at timestamptz not null default now(),
        primary key (user_guid, ip))`,
    ],
  },
  {
    id: 4,
    name: 'app access tokens: one row per token issued, the token itself never stored',
    up: [
      `create table if not exists app_token (
        id uuid primary key,
        app_guid uuid not null,
        expires_at timestamptz not null,
        created_at timestamptz not null default now())`,
      'create index if not exists app_token_app_idx on app_token (app_guid, expires_at)',
    ],
  },
  {
    id: 5,
    name: 'the open API call log: append-only, searched by app and time, pruned by age',
    up: [
      `create table if not exists api_log (
        id uuid primary key,
        app_guid uuid not null,
        bu_guid uuid not null,
        api_code text not null,
        http_status smallint not null,
        code smallint,
        ms real not null,
        request_id text not null,
        created_at timestamptz not null default now())`,
      // The search's own order (an app's newest first) and the pruning by age (dropped by migration 8).
      'create index if not exists api_log_app_time_idx on api_log (app_guid, created_at desc, id desc)',
      'create index if not exists api_log_time_idx on api_log (created_at)',
    ],
  },
  {
    id: 6,
    name: "each app's state in each scope of the open API",
    up: [
      `create table if not exists app_scope (
        app_guid uuid not null,
        group_code text not null,
        status smallint not null,
        updated_at timestamptz not null default now(),
        primary key (app_guid, group_code))`,
    ],
  },
  {
    id: 7,
    name: "the call log's hourly counts per app, API and status: a search's total without counting its rows",
    up: [
      `create table if not exists api_log_hour (
        app_guid uuid not null,
        hour timestamptz not null,
        api_code text not null,
        http_status smallint not null,
        n integer not null,
        primary key (app_guid, hour, api_code, http_status))`,
      API_LOG_HOURS_BACKFILL,
    ],
  },
  {
    id: 8,
    name: "the call log's searches use the app's index only",
    up: [
      // With a time index the planner may walk every app's newest rows to find one app's; pruning
      // by age (hourly, in batches) reads the table instead.
      'drop index if exists api_log_time_idx',
    ],
  },
  {
    id: 9,
    name: 'the event outbox: one message per event and app, one row per push attempt',
    up: [
      // Written in the same transaction as the change (server/events/emit.ts); event_id is stable across attempts and replays.
      `create table if not exists event_message (
        event_id text primary key,
        app_guid uuid not null,
        bu_guid uuid not null,
        event_type text not null,
        payload jsonb not null,
        create_time text not null,
        state smallint not null default 0,
        attempts integer not null default 0,
        round_start integer not null default 0,
        last_status smallint,
        next_attempt_at timestamptz not null default now(),
        delivered_at timestamptz,
        created_at timestamptz not null default now())`,
      // The worker's claim reads only what is waiting.
      'create index if not exists event_message_due_idx on event_message (next_attempt_at) where state = 0',
      'create index if not exists event_message_app_idx on event_message (app_guid, created_at desc)',
      `create table if not exists event_attempt (
        id uuid primary key,
        event_id text not null,
        app_guid uuid not null,
        bu_guid uuid not null,
        event_type text not null,
        attempt integer not null,
        http_status smallint not null,
        ms real not null,
        answer text not null,
        failure text,
        created_at timestamptz not null default now())`,
      'create index if not exists event_attempt_app_time_idx on event_attempt (app_guid, created_at desc, id desc)',
      'create index if not exists event_attempt_event_idx on event_attempt (event_id)',
    ],
  },
  {
    id: 10,
    name: 'documents: their versions, and search lexemes beside each',
    up: [
      `create table if not exists document_version (
        guid uuid primary key,
        document_guid uuid not null,
        version integer not null,
        action text not null,
        title text not null,
        body text not null,
        category text not null,
        parent_guid uuid,
        created_by uuid,
        created_at timestamptz not null default now())`,
      'create unique index if not exists document_version_doc_idx on document_version (document_guid, version)',
      // Written by server/rules/document.ts from server/docs/search.ts's lexemes (Chinese as two-character pieces).
      'alter table document add column if not exists search_title tsvector',
      'alter table document add column if not exists search_body tsvector',
      'create index if not exists document_search_title_idx on document using gin (search_title)',
      'create index if not exists document_search_body_idx on document using gin (search_body)',
    ],
  },
  {
    id: 11,
    name: 'uploaded files',
    up: [
      // The bytes are in the files folder under the guid (server/files/store.ts).
      `create table if not exists file (
        guid uuid primary key,
        name text not null,
        content_type text not null,
        size integer not null,
        image boolean not null,
        created_by uuid,
        created_at timestamptz not null default now())`,
    ],
  },
  {
    id: 12,
    name: 'who has read which message',
    up: [
      // One row per reader and message (server/handlers/messages.ts); a message's BU or app readers are many.
      `create table if not exists message_read (
        message_guid uuid not null,
        user_guid uuid not null,
        read_at timestamptz not null default now(),
        primary key (message_guid, user_guid))`,
    ],
  },
  {
    id: 13,
    name: 'orders keep a currency, a received total, and voided rather than cancelled',
    up: [
      // Orders so far were the store's, in the platform's currency; state 2 (cancelled) was never written.
      `update orders set currency = 'CNY' where currency is null`,
      `update orders set paid_amount = 0 where paid_amount is null`,
      `update orders set state = 1 where state = 0 and amount = 0`,
    ],
  },
  {
    id: 14,
    name: 'which preset and custom fields each BU switched off',
    up: [
      // Only switches a BU made are stored: a field is on until its BU turns it off (server/handlers/field-status.ts).
      `create table if not exists custom_field_status (
        bu_guid uuid not null,
        resource text not null,
        field text not null,
        enabled boolean not null,
        updated_at timestamptz not null default now(),
        primary key (bu_guid, resource, field))`,
    ],
  },
  {
    id: 15,
    name: 'column sets per role, and column titles per language',
    up: [
      // A set is now one per list and role (the definition's new unique index); the old one allowed one per list.
      'drop index if exists column_config_resource_uq',
      // A title used to be one text for every language: it becomes that text in each.
      `update column_config set columns = (
         select coalesce(jsonb_agg(case when c ? 'label' then (c - 'label') || jsonb_build_object('title', jsonb_build_object('zh', c->'label', 'hk', c->'label', 'en', c->'label')) else c end order by n), '[]'::jsonb)
           from jsonb_array_elements(columns) with ordinality as t(c, n))
       where jsonb_path_exists(columns, '$[*].label')`,
    ],
  },
  {
    id: 16,
    name: 'files know whether they are public and who owns them',
    up: [
      // New files are private unless the upload call says public (server/handlers/files.ts, server/files/image-upload.ts).
      'alter table file add column if not exists public boolean not null default false',
      'alter table file add column if not exists bu_guid uuid',
      // Files so far: what a work order or a reply names stays private, in that record's BU, and so
      // does whatever a tenant uploaded (a tenant's only upload call was the work order's); the
      // rest are operators' uploads, which documents and the store show to visitors: public.
      `update file f set bu_guid = w.bu_guid from work_order w where w.attachments @> jsonb_build_array('/open/file/' || f.guid)`,
      `update file f set bu_guid = r.bu_guid from work_order_record r where f.bu_guid is null and r.attachments @> jsonb_build_array('/open/file/' || f.guid)`,
      `update file f set public = true
        where not exists (select 1 from work_order w where w.attachments @> jsonb_build_array('/open/file/' || f.guid))
          and not exists (select 1 from work_order_record r where r.attachments @> jsonb_build_array('/open/file/' || f.guid))
          and not exists (select 1 from users u where u.guid = f.created_by and u.user_type <> 0)`,
    ],
  },
  {
    id: 17,
    name: 'counters that protect the platform, shared by every instance',
    up: [
      // One row per key, holding its current window (server/services/counters.ts): rate limits and lockouts hold across instances.
      `create table if not exists rate_counter (
        key text primary key,
        window_start timestamptz not null,
        window_end timestamptz not null,
        count integer not null)`,
      'create index if not exists rate_counter_window_end_idx on rate_counter (window_end)',
    ],
  },
  {
    id: 18,
    name: 'single sign-on: flows, linked identities, used assertions, IdP sessions; CAS dropped',
    up: [
      // One row per company sign-in: the state the IdP hands back (used once), what proves the same browser finishes it, its outcome (server/sso/flows.ts).
      `create table if not exists sso_flow (
        guid uuid primary key,
        state text not null unique,
        bu_guid uuid not null,
        protocol text not null,
        binding_hash text not null,
        secrets text not null,
        redirect text,
        expires_at timestamptz not null,
        answered_at timestamptz,
        proof_hash text,
        outcome jsonb,
        handed_at timestamptz,
        created_at timestamptz not null default now())`,
      'create index if not exists sso_flow_expires_idx on sso_flow (expires_at)',
      // The IdP's subject an account was linked to on its first sign-in (server/sso/provision.ts).
      `create table if not exists sso_identity (
        bu_guid uuid not null,
        protocol text not null,
        subject text not null,
        user_guid uuid not null,
        created_at timestamptz not null default now(),
        primary key (bu_guid, protocol, subject))`,
      // Each SAML assertion id is accepted once, and each AuthnRequest id answered once (server/sso/saml.ts).
      `create table if not exists sso_assertion (
        bu_guid uuid not null,
        assertion_id text not null,
        expires_at timestamptz not null,
        primary key (bu_guid, assertion_id))`,
      `create table if not exists sso_saml_request (
        request_id text primary key,
        created_at timestamptz not null default now())`,
      // What ending the IdP's session needs, per platform session (sealed: an ID token, or a SAML NameID and session index).
      `create table if not exists sso_session (
        jti uuid primary key,
        bu_guid uuid not null,
        protocol text not null,
        hint text not null,
        created_at timestamptz not null default now())`,
      // CAS was never built (no CAS server runs in a test): its configurations become OIDC, switched off, and keep a login type that works.
      `update sso_auth_config set protocol = 'oidc', sso_enabled = false,
         login_types = case when login_types ?| array['password', 'email_code'] then login_types else '["password"]'::jsonb end
       where protocol = 'cas'`,
      // The callback is the server's own (docs/sso.md): no BU chooses it.
      'alter table sso_auth_config drop column if exists redirect_url',
    ],
  },
  {
    id: 19,
    name: 'documents in three languages: the versions keep the other languages\' texts',
    up: [
      // Title and body in hk and en beside the default language's (schemas/document.ts); a restore writes them back too.
      "alter table document_version add column if not exists translations jsonb not null default '{}'",
    ],
  },
  {
    id: 20,
    name: "each app's due events in order, for the fair claim",
    up: [
      // server/events/claim.ts walks the apps with due events and reads only each one's first few.
      'create index if not exists event_message_app_due_idx on event_message (app_guid, next_attempt_at) where state = 0',
    ],
  },
  {
    id: 21,
    name: 'company sign-in links by issuer and subject, never to an owner; proved e-mail addresses; sign-ins bound to their BU',
    up: [
      // The address an account proved by a mailed code or link (server/services/verified-email.ts): only it links a first company sign-in or names the account to the e-mail-code login.
      'alter table users add column if not exists verified_email text',
      // Main accounts were all registered with a mailed code; activated sub-accounts set their password through a mailed link. The rest prove theirs later.
      `update users set verified_email = email where email is not null and (user_type = 1 or (user_type = 2 and status <> 2 and password is not null))`,
      // The address a link or code was mailed to: using it proves that address, not whatever the account holds by then.
      'alter table one_time_code add column if not exists address text',
      // A subject is the IdP's only within its issuer (OIDC iss, SAML entity ID); how the link was made decides what the IdP may write (server/sso/provision.ts).
      "alter table sso_identity add column if not exists issuer text not null default ''",
      "alter table sso_identity add column if not exists linked_by text not null default 'email'",
      `update sso_identity i set issuer = rtrim(coalesce(case when i.protocol = 'oidc' then c.issuer_url else c.idp_entity_id end, ''), '/') from sso_auth_config c where c.bu_guid = i.bu_guid`,
      // Owners were linked by e-mail, which let whoever configures the IdP become them: those links go (owners sign in with their password).
      'delete from sso_identity i using users u where u.guid = i.user_guid and (u.user_type = 1 or exists (select 1 from user_bu ub where ub.user_guid = u.guid and ub.bu_guid = i.bu_guid and ub.is_owner))',
      'alter table sso_identity drop constraint if exists sso_identity_pkey',
      'alter table sso_identity add primary key (bu_guid, protocol, issuer, subject)',
    ],
  },
  {
    id: 22,
    name: "company sign-in by each BU's own slug, unique across BUs",
    up: [
      // BU codes are not unique: each configuration gets the code in lower case, `-2`, `-3`… after the first (server/sso/settings.ts freeSlug).
      `update sso_auth_config c set slug = s.slug from (
         select c2.guid, n.base || case when row_number() over (partition by n.base order by c2.created_at, c2.guid) > 1 then '-' || row_number() over (partition by n.base order by c2.created_at, c2.guid) else '' end as slug
           from sso_auth_config c2 join bu b on b.guid = c2.bu_guid,
                lateral (select case when length(x) >= 2 then x else 'company' || x end as base from (select left(regexp_replace(lower(coalesce(b.code, '')), '[^a-z0-9]+', '', 'g'), 32) as x) y) n
       ) s where s.guid = c.guid and c.slug is null`,
      'create unique index if not exists sso_auth_config_slug_uq on sso_auth_config (slug)',
    ],
  },
  {
    id: 23,
    name: 'an account links its own company sign-in',
    up: [
      // A flow started from personal settings ("Link my company sign-in", server/sso/self-link.ts): the account the IdP's subject is linked to when that account finishes it.
      'alter table sso_flow add column if not exists link_user_guid uuid',
    ],
  },
  {
    id: 24,
    name: "the store's texts in three languages",
    up: [
      // Labels' and classifications' names, and a listing's texts with its app's name, in hk and en beside the default
      // language's (schemas/store.ts `translations`); the definitions add them as well (server/db/sync.ts), this names the change.
      ...['app_label', 'app_classify'].flatMap((table) => ['hk', 'en'].map((l) => `alter table ${table} add column if not exists name_${l} text`)),
      ...['name', 'summary', 'description', 'provider'].flatMap((f) => ['hk', 'en'].map((l) => `alter table app_listing add column if not exists ${f}_${l} text`)),
    ],
  },
  {
    id: 25,
    name: "a BU's accounts: its memberships with their people",
    up: [
      // Read by the `bu-account` definition (resources/bu-account.ts): the owner and the sub-accounts of each BU, never a password.
      `create or replace view bu_account as
         select u.guid, ub.bu_guid, u.username, u.name, u.alias, u.email, u.phone, u.avatar_url, u.status, u.user_type,
                ub.is_owner, ub.role_guids, ub.created_at as joined_at, u.created_at, u.updated_at
           from user_bu ub join users u on u.guid = ub.user_guid`,
    ],
  },
  {
    id: 26,
    name: 'a signing-secret roll: the secret before the last reset signs beside the new one for a while',
    up: [
      // Kept out of the event-config definition: no verb answers them (server/handlers/events.ts `resetKey` writes them, the claim reads them).
      'alter table event_config add column if not exists previous_signing_secret text',
      'alter table event_config add column if not exists previous_secret_until timestamptz',
    ],
  },
  {
    id: 27,
    name: 'store apps act for their buyers: tenant keys, grants, tenant tokens and app tickets',
    up: [
      // Installations made before keys and grants: each gets its key, the scopes its app has open now, and runs.
      "update installed_app set tenant_key = replace(gen_random_uuid()::text, '-', '') where tenant_key is null",
      'update installed_app set status = 0 where status is null',
      `update installed_app i set scopes = coalesce((select jsonb_agg(s.group_code order by s.group_code) from app_scope s where s.app_guid = i.app_guid and s.status = ${SCOPE.open}), '[]'::jsonb)
        where i.scopes is null or i.scopes = '[]'::jsonb`,
      // A tenant token acts for one buyer (server/auth/app-tokens.ts); an app token has none.
      'alter table app_token add column if not exists tenant_bu_guid uuid',
      // The ticket pushed to a store app, and the one before it, which still buys an app token (server/events/app-ticket.ts).
      `create table if not exists app_ticket (
        app_guid uuid primary key,
        ticket text not null,
        previous text,
        issued_at timestamptz not null default now())`,
      // A platform store app belongs to no BU: its app_ticket pushes name none.
      'alter table event_message alter column bu_guid drop not null',
    ],
  },
  {
    id: 28,
    name: "service providers: their store apps' installations and orders, owned by the provider's BU",
    up: [
      // Read by resources/provider.ts: a provider reads its buyers' names, never their records.
      `create or replace view provider_installation as
         select i.guid, a.bu_guid, i.app_guid, i.app_name, b.name as buyer_name, i.status, i.scopes, i.tenant_key,
                i.created_by, i.created_at, i.updated_at
           from installed_app i join app a on a.guid = i.app_guid join bu b on b.guid = i.bu_guid where a.bu_guid is not null`,
      `create or replace view provider_order as
         select o.guid, a.bu_guid, o.number, o.app_guid, o.app_name, b.name as buyer_name, o.amount, o.paid_amount, o.currency, o.state, o.cycle,
                o.created_by, o.created_at, o.updated_at
           from orders o join app a on a.guid = o.app_guid join bu b on b.guid = o.bu_guid where a.bu_guid is not null`,
    ],
  },
  {
    id: 29,
    name: "service providers: the work orders buyers raise about their store apps",
    up: [
      // Read by resources/provider.ts: the question and its state, owned by the provider's BU; the conversation comes with `get`.
      `create or replace view provider_work_order as
         select w.guid, w.provider_bu_guid as bu_guid, w.number, w.title, w.description, w.category, w.state, w.app_guid, w.installed_app_guid,
                a.name as app_name, b.name as buyer_name, w.created_by, w.created_at, w.updated_at
           from work_order w join bu b on b.guid = w.bu_guid
           left join installed_app i on i.guid = w.installed_app_guid left join app a on a.guid = i.app_guid
          where w.provider_bu_guid is not null`,
    ],
  },
  {
    id: 30,
    name: 'the platform as an OpenID provider: what oidc-provider keeps, and its signing keys',
    up: [
      // Codes, tokens, grants, sessions and interactions (server/oauth/adapter.ts), shared by every instance.
      `create table if not exists oidc_model (
        kind text not null,
        id text not null,
        payload jsonb not null,
        grant_id text,
        uid text,
        user_code text,
        expires_at timestamptz,
        consumed_at timestamptz,
        primary key (kind, id))`,
      'create index if not exists oidc_model_grant on oidc_model (grant_id) where grant_id is not null',
      'create index if not exists oidc_model_uid on oidc_model (uid) where uid is not null',
      'create index if not exists oidc_model_expiry on oidc_model (expires_at)',
      // Signing keys, newest signing (server/oauth/keys.ts).
      `create table if not exists oauth_key (
        kid text primary key,
        jwk jsonb not null,
        created_at timestamptz not null default now())`,
    ],
  },
  {
    id: 31,
    name: 'idempotency keys: the first answer of a write a client may retry',
    up: [
      // One row per caller's key, method and path (server/services/idempotency-keys.ts): claimed while the call runs, then its answer for 24 hours.
      `create table if not exists idempotency_key (
        id text primary key,
        fingerprint text not null,
        claim uuid not null,
        claimed_at timestamptz not null default now(),
        created_at timestamptz not null default now(),
        status smallint,
        body text,
        content_type text,
        carried_out boolean not null default false)`,
      'create index if not exists idempotency_key_created_at_idx on idempotency_key (created_at)',
    ],
  },
  {
    id: 32,
    name: 'the four logs by day on PostgreSQL: retention drops whole days',
    up: [],
    // Ordinary tables of an earlier version (or just made by the schema sync) become partitioned,
    // keeping every row (server/db/log-partitions.ts); the embedded database keeps ordinary tables.
    postgres: async (tx) => {
      for (const { table, key } of PARTITIONED_LOGS) await partitionLog(tx, table, key);
    },
  },
];
