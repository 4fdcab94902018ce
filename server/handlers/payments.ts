import { z } from 'zod';
import { named } from '../engine/named.ts';
// Months are the platform's business months, in the one configured business time zone.
import { BUSINESS_TIME_ZONE } from '../services/business-time.ts';

const monthsInput = z.object({ months: z.number().int().min(1).max(36).default(12) });

/**
 * The BU's expenses by month and currency: its received payments of the last `months` months
 * (12 by default), newest first. Sums stay exact: integer cents, answered as digits.
 */
const monthly = z.object({ totals: z.array(z.object({ month: z.string().describe('YYYY-MM'), currency: z.string(), amount: z.string().regex(/^\d+$/).describe('Integer cents, as digits'), count: z.int() })) });
export const paymentMonthly = named({ input: monthsInput, output: monthly }, async (ctx, { months }) => {
  const { rows } = await ctx.services.db.query<{ month: string; currency: string; amount: string; count: number }>(
    `select to_char(paid_at at time zone $3, 'YYYY-MM') as month, currency, sum(amount)::text as amount, count(*)::int as count
       from payment_records
      where bu_guid = $1 and state = 1 and paid_at >= date_trunc('month', now() at time zone $3) at time zone $3 - make_interval(months => $2::int - 1)
      group by 1, 2 order by 1 desc, 2`,
    [ctx.caller!.buGuid, months, BUSINESS_TIME_ZONE],
  );
  return { totals: rows };
});

/**
 * A service provider's settlement by month and currency: what buyers paid for its store apps (the
 * received payments on their orders) in the last `months` months, newest first.
 */
export const settlementMonthly = named({ input: monthsInput, output: monthly }, async (ctx, { months }) => {
  const { rows } = await ctx.services.db.query<{ month: string; currency: string; amount: string; count: number }>(
    `select to_char(p.paid_at at time zone $3, 'YYYY-MM') as month, p.currency, sum(p.amount)::text as amount, count(*)::int as count
       from payment_records p join provider_order o on o.guid = p.order_guid
      where o.bu_guid = $1 and p.state = 1 and p.paid_at >= date_trunc('month', now() at time zone $3) at time zone $3 - make_interval(months => $2::int - 1)
      group by 1, 2 order by 1 desc, 2`,
    [ctx.caller!.buGuid, months, BUSINESS_TIME_ZONE],
  );
  return { totals: rows };
});
