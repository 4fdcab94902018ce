import { z } from 'zod';
import { codes } from './common.ts';
import { CURRENCIES } from './order.ts';

/**
 * What a service provider reads of its buyers (docs/store.md, "Service providers"): rows of its own
 * store apps' installations and orders, through views whose owner is the provider's BU
 * (server/db/migrations.ts, 28). The buyer is named, never reached: no buyer's record is in them.
 */

/** An installation of one of the provider's store apps. */
export const providerInstallationSchema = z.object({
  app_guid: z.uuid(),
  app_name: z.string(),
  buyer_name: z.string(),
  /** 0 running, 1 stopped by the buyer. */
  status: codes(0, 1),
  scopes: z.array(z.string()),
  tenant_key: z.string().nullable(),
});

/** An order a buyer placed for one of the provider's store apps. */
export const providerOrderSchema = z.object({
  number: z.string(),
  app_guid: z.uuid(),
  app_name: z.string(),
  buyer_name: z.string(),
  amount: z.int().meta({ kind: 'money' }),
  paid_amount: z.int().meta({ kind: 'money' }),
  currency: z.enum(CURRENCIES),
  /** 0 to be paid, 1 paid, 2 expired, 3 void. */
  state: codes(0, 1, 2, 3),
  /** 0 once, 1 per month, 2 per year. */
  cycle: codes(0, 1, 2),
});

/** A work order a buyer raised about one of the provider's store apps; its conversation comes with `get`. */
export const providerWorkOrderSchema = z.object({
  number: z.string(),
  title: z.string(),
  description: z.string(),
  /** 0 account, 1 app, 2 API and events, 3 billing, 4 other. */
  category: codes(0, 1, 2, 3, 4),
  /** 0 to be assigned, 1 processing, 2 processed, 3 closed (operators and the buyer move it). */
  state: codes(0, 1, 2, 3),
  app_name: z.string().nullable(),
  buyer_name: z.string(),
});
