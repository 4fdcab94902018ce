import { centsText } from '../../schemas/money.ts';

/** The platform's currency: store prices are kept in its cents. */
export const CURRENCY = 'CNY';

/**
 * An amount in cents in the reader's locale, e.g. `¥1,200.00`, `HK$1,200.00`: the platform's own
 * currency by its plain sign, others by a sign no reader mistakes for another dollar. The decimal
 * goes to Intl as a string, which formats it exactly (a division by 100 would pass through a float).
 */
export const formatMoney = (cents: number | string, locale: string, currency = CURRENCY) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: currency === CURRENCY ? 'narrowSymbol' : 'symbol' }).format(centsText(cents) as unknown as number);
