import { z } from 'zod';
import { codes, datetime, guid, name30, text } from './common.ts';

/** Order kinds (spec §3): general (what the store makes), product, service. */
export const ORDER_KIND = { general: 0, product: 1, service: 2 } as const;
/** Order states (spec §4): to be paid, paid, expired, void. */
export const ORDER_STATE = { toPay: 0, paid: 1, expired: 2, void: 3 } as const;
/** Payment record states (spec §4): not received, received. */
export const PAYMENT_STATE = { notReceived: 0, received: 1 } as const;

/** The currencies the platform bills in; each has two decimals, so amounts are kept in cents. */
export const CURRENCIES = ['CNY', 'HKD', 'USD'] as const;
export const currency = () => z.enum(CURRENCIES, { error: 'validation.invalid_option' }).default('CNY');
/** The largest amount of one order or payment: 10,000,000.00 in any currency. */
export const MAX_CENTS = 1_000_000_000;
/**
 * An amount in cents (an exact integer of the currency's hundredths, never a float). The console
 * edits it as a decimal in the currency's units (`kind: 'money'`), converted exactly.
 */
export const money = (min = 0) =>
  z.number({ error: 'validation.money_format' }).int('validation.money_format').min(min, min ? 'validation.money_positive' : 'validation.money_format').max(MAX_CENTS, 'validation.money_max').meta({ kind: 'money' });

/** An order of a BU: a purchase in the store makes a general order; operators make any kind. */
export const orderSchema = z.object({
  /** What was bought, as named when it was bought: a tenant cannot read the platform's apps. */
  app_name: name30(),
  amount: money().default(0),
  currency: currency(),
  /** 0 once, 1 per month, 2 per year. */
  cycle: codes(0, 1, 2).default(0),
  /** 0 prepaid, 1 postpaid. */
  pay_type: codes(0, 1).default(0),
  /** A to-be-paid order past this time expires. */
  due_at: datetime().nullable().default(null),
  note: text(500).nullable().default(null),
});

/** Kept by the server: the number people quote, its kind, the state, what has been received, why it was voided. */
export const orderInternal = z.object({
  number: z.string(),
  /** The store app bought (a store purchase's order); operators' orders name only what was bought. */
  app_guid: guid().nullable(),
  /** Set by the mount an order is made through (general, product, service). */
  kind: codes(0, 1, 2),
  state: codes(0, 1, 2, 3),
  paid_amount: z.number().int(),
  void_reason: z.string().nullable(),
});

/** A payment towards an order, recorded by an operator; received payments count towards the order. */
export const paymentRecordSchema = z.object({
  order_guid: guid(),
  amount: money(1),
  /** 0 bank transfer, 1 online payment, 2 other. */
  method: codes(0, 1, 2).default(0),
  state: codes(0, 1).default(1),
  paid_at: datetime(),
  /** The bank's or the payment service's transaction number. */
  reference: text(64).nullable().default(null),
  note: text(500).nullable().default(null),
});

/** Copied from the order when a payment is recorded: a payment is in its order's currency and names its number. */
export const paymentRecordInternal = z.object({ currency: z.enum(CURRENCIES), order_number: z.string(), app_name: z.string() });

/** A store app installed in a BU (its enterprise apps). */
export const installedAppSchema = z.object({
  app_guid: guid(),
  app_name: name30(),
  icon: z.string().nullable().default(null),
  order_guid: guid(),
});

/**
 * Kept by the server when a store app is installed (server/services/installations.ts): the key the
 * app names this buyer by (Lark's `tenant_key`, opaque, never the BU's guid) and the scopes the
 * buyer granted it, frozen at installation.
 */
export const installedAppInternal = z.object({
  tenant_key: z.string().nullable(),
  scopes: z.array(z.string()).default([]),
  /** 0 running, 1 stopped by the buyer (its tenant tokens and events paused until it restarts it). */
  status: codes(0, 1).default(0),
  /** Scopes the app asks for now that the buyer has not granted (a later version's, or all of an operator's installation's): they wait for its consent. */
  pending_scopes: z.array(z.string()).default([]),
  needs_consent: z.boolean().default(false),
});

