import { z } from 'zod';
import { codes, guid, name30 } from './common.ts';

/** Order kinds (spec §3): general, product, service. */
export const ORDER_KIND = { general: 0, product: 1, service: 2 } as const;
/** Order states: to be paid, paid, cancelled. */
export const ORDER_STATE = { toPay: 0, paid: 1, cancelled: 2 } as const;

/** An order of a BU: a purchase in the store makes a general order, to be paid. */
export const orderSchema = z.object({
  app_guid: guid(),
  /** The app's name when it was bought: a tenant cannot read the platform's apps. */
  app_name: name30(),
  kind: codes(0, 1, 2).default(0),
  /** In cents. */
  amount: z.number().int().min(0).max(100_000_000).default(0),
  /** 0 once, 1 per month, 2 per year. */
  cycle: codes(0, 1, 2).default(0),
  /** 0 prepaid, 1 postpaid. */
  pay_type: codes(0, 1).default(0),
  state: codes(0, 1, 2).default(0),
});

/** Kept by the server: the order number people quote. */
export const orderInternal = z.object({ number: z.string() });

/** A store app installed in a BU (its enterprise apps). */
export const installedAppSchema = z.object({
  app_guid: guid(),
  app_name: name30(),
  icon: z.string().nullable().default(null),
  order_guid: guid(),
});
