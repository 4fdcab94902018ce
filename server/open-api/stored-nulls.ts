/**
 * Columns a stored row may hold NULL in although its definition's schema requires a value, by
 * table: the OpenAPI documents answer these as nullable (server/engine/call-docs.ts), every other
 * field the schema's output requires as required and never null.
 *
 * Two causes. A field added to a definition whose table already had rows: server/db/sync.ts adds
 * the column without a default and no numbered migration filled the older rows. And a writer that
 * does not go through the schema (SQL of a handler or service) and may store nothing.
 *
 * A numbered migration filling the older rows (`update document set body_hk = '' where body_hk is
 * null`, …) or a writer that always stores a value takes a column off this list.
 */
export const STORED_NULLS: Readonly<Record<string, readonly string[]>> = {
  // Added with SSO's sign-in settings (schemas/sso.ts), after the table's first rows.
  sso_auth_config: ['domains', 'scopes', 'claim_username', 'claim_email', 'claim_name', 'jit_enabled'],
  // Added after unions existed (members leaving on their own).
  union_bu: ['members_may_leave'],
  // An app's bound abilities, added after apps existed.
  app: ['ability_codes'],
  // Sign-in with the platform (docs/oauth.md), added after apps' security rows existed.
  app_security: ['oauth_public', 'oauth_disabled'],
  // The sign-in scopes given, added after authorisations existed.
  app_authorisation: ['oidc_scopes'],
  // Scopes waiting for the buyer's consent, added after installations existed; an operator's
  // installation (server/handlers/bu-management.ts `install`) has no order.
  installed_app: ['pending_scopes', 'needs_consent', 'order_guid'],
  // The other languages' bodies (docs/languages.md), added after documents existed.
  document: ['body_hk', 'body_en'],
  // A sub-account single sign-on provisions (server/sso/provision.ts) has the IdP's e-mail, which it may not give.
  users: ['email'],
};
