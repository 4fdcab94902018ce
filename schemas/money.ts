/** Money as integer cents, converted to and from decimals by digits: no float ever holds an amount. No zod here: the shell formats prices. */

/** Cents as a plain decimal (`123456` → `"1234.56"`), by digits: exact for any integer. */
export const centsText = (cents: number | bigint | string) => {
  const digits = String(cents).replace('-', '').padStart(3, '0');
  return `${String(cents).startsWith('-') ? '-' : ''}${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}`;
};

/** A decimal in the currency's units as cents (`"1,234.5"` → `123450`); `undefined` unless it has at most two decimals. */
export const parseCents = (text: string): number | undefined => {
  const m = /^\s*(\d{1,10})(?:\.(\d{0,2}))?\s*$/.exec(text.replaceAll(',', ''));
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
