import { AGREEMENT_CODES, type Agreement } from '../../schemas/agreements.ts';

/**
 * The agreements' addresses (`/terms/{code}`) and their names' message keys. The codes are the ones
 * the platform seeds; a deployment that keeps its agreements under other codes names them with
 * `VITE_AGREEMENT_SERVICE`, `_PRIVACY`, `_DATA_INTERFACE`, `_DATA_EVENT` and `_API_AUTH` (spec §9).
 */
const env = import.meta.env as Record<string, string | undefined>;

export const agreementLink = (which: Agreement) => `/terms/${env[`VITE_AGREEMENT_${which.toUpperCase()}`] ?? AGREEMENT_CODES[which]}`;

/** Every agreement, in the footer's order: [address, message key of its name]. */
export const AGREEMENTS: [string, string][] = (Object.keys(AGREEMENT_CODES) as Agreement[]).map((a) => [agreementLink(a), `footer.${a}`]);
