/**
 * The agreements the spec names (§9): each is a published document whose code is its `/terms/{code}`
 * address. These are the codes the platform seeds them under (server/seed/documents.ts); a deployment
 * may point the site's links elsewhere (`VITE_AGREEMENT_*`, src/shell/agreements.ts). No zod here:
 * the light public entry imports it.
 */
export const AGREEMENT_CODES = {
  service: 'service',
  privacy: 'privacy',
  data_interface: 'data-interface',
  data_event: 'data-event',
  api_auth: 'api-auth',
} as const;
export type Agreement = keyof typeof AGREEMENT_CODES;

/** The document `/about-us` shows: what the platform is, editable like any document. */
export const ABOUT_CODE = 'about-us';
