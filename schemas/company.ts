import { z } from 'zod';
import { codes, enabledStatus, name30, phone, text } from './common.ts';
import { creditCode } from './tenant-common.ts';

/** A company's bank account; at most one is the default for receiving and one for paying. */
export const bankAccountSchema = z.object({
  bank_name: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
  account_name: z.string().trim().min(1, 'validation.required').max(64, 'validation.max_64'),
  account_number: z.string().trim().regex(/^\d{6,32}$/, 'validation.bank_account_format'),
  default_receive: z.boolean().default(false),
  default_pay: z.boolean().default(false),
});

export const bankAccounts = () =>
  z.array(bankAccountSchema).max(20, 'validation.too_many').default([])
    .refine((a) => a.filter((b) => b.default_receive).length <= 1 && a.filter((b) => b.default_pay).length <= 1, 'validation.one_default_account');

export const companySchema = z.object({
  name: name30(),
  alias: text(30).optional(),
  credit_code: creditCode(),
  address: text(200).optional(),
  /** 0 real estate development, 1 property management. */
  type: codes(0, 1).default(0),
  status: enabledStatus(),
  /** Billing info printed on invoices. */
  invoice_title: text(64).optional(),
  invoice_address: text(200).optional(),
  invoice_phone: phone().optional(),
  /** 0 general taxpayer, 1 small-scale taxpayer. */
  taxpayer_type: codes(0, 1).default(0),
  bank_accounts: bankAccounts(),
});

