/** The platform's currency (orders and store prices are kept in its cents). */
export const CURRENCY = 'CNY';

/** An amount in cents in the reader's locale, e.g. `¥1,200.00`. */
export const formatMoney = (cents: number, locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, currencyDisplay: 'narrowSymbol' }).format(cents / 100);
