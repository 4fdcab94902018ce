import { translate } from '../../i18n/index.ts';
import { defOf, resources } from '../../resources/index.ts';
import { USER_TYPE } from '../auth/caller.ts';
import { ident } from '../db/driver.ts';
import { deleteTenantLogRows } from '../db/log-partitions.ts';
import type { Rules } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { forgetAppCallers } from './app.ts';

/**
 * What a BU holds that must not be lost with it: its own apps (their credentials may be in use),
 * orders (billing history), work orders (service history), sub-accounts (whose home it is) and
 * members other than its owner (who would lose their access). Each is a definition's table.
 */
const KEPT: readonly { key: string; sql: string }[] = [
  { key: 'apps', sql: `select count(*)::int as n from ${ident(defOf('app').storage.table)} where bu_guid = $1` },
  { key: 'orders', sql: `select count(*)::int as n from ${ident(defOf('order').storage.table)} where bu_guid = $1` },
  { key: 'work_orders', sql: `select count(*)::int as n from ${ident(defOf('work-order').storage.table)} where bu_guid = $1` },
  { key: 'sub_accounts', sql: 'select count(*)::int as n from users where bu_guid = $1' },
  { key: 'members', sql: 'select count(*)::int as n from user_bu where bu_guid = $1 and not is_owner' },
];

/** The tables of every BU-scoped definition: a removed BU's configuration goes with it. */
const buTables = () => [...new Set(resources.filter((d) => !d.storage.virtual && d.api.mounts.some((m) => m.scope === 'bu')).map((d) => d.storage.table))].filter((t) => t !== 'users');

/** A union's list of departments or members keeping only the rows that still exist. */
const kept = (col: string, table: string) => `coalesce((select jsonb_agg(g) from jsonb_array_elements_text(${col}) g where exists (select 1 from ${table} x where x.guid = g::uuid)), '[]'::jsonb)`;

/**
 * A BU: sub-accounts do not create one, and the creator becomes its owner. Only operators remove
 * one (`remove-bu`, the console asks first; tenants have no delete call), refused, naming what it
 * still holds, while anything of `KEPT` exists; otherwise its configuration (certification,
 * policies, organisation, roles, installed apps, app-project bindings, …), its owner's membership
 * and its places in unions go with it, in the delete's transaction; its rows in the logs after it.
 */
export const buRules: Rules = {
  affectsGrants: true,
  async beforeWrite(ctx, _tx, _values, existing) {
    if (!existing && ctx.caller?.userType === USER_TYPE.sub) throw new Warning('server.main_account_only');
  },
  async afterWrite(ctx, tx, row, existing) {
    if (existing) return;
    await tx.query('insert into user_bu (user_guid, bu_guid, is_owner, role_guids) values ($1, $2, true, $3) on conflict do nothing', [ctx.caller!.userGuid, row.guid, '[]']);
  },
  // A disabled BU's apps stop at once: their cached tokens go, and verifying one reads the BU's status.
  async afterTransition(ctx) {
    forgetAppCallers(ctx);
  },
  async beforeDelete(ctx, tx, rows) {
    if (ctx.caller?.userType !== USER_TYPE.operator) throw new Warning('server.in_use');
    // Locked first, so nothing lands in a BU between the count and the delete.
    await tx.query('select 1 from bu where guid = any($1::uuid[]) for update', [rows.map((r) => r.guid)]);
    for (const { guid } of rows) {
      const held: string[] = [];
      for (const k of KEPT) {
        const n = (await tx.query<{ n: number }>(k.sql, [guid])).rows[0].n;
        if (n) held.push(translate(ctx.lang, `server.bu_holds.${k.key}`, { smart_count: n }));
      }
      if (held.length) throw new Warning('server.bu_not_empty', { held: held.join(ctx.lang === 'en' ? ', ' : '、') }, { held });
    }
  },
  async afterDelete(ctx, tx, rows) {
    // Its rows in the logs go after the commit, in bounded batches (server/db/log-partitions.ts); what is still queued is written first.
    ctx.afterCommit(async () => {
      await Promise.all([ctx.services.audit.flush(), ctx.services.apiLog.flush()]);
      for (const { guid } of rows) await deleteTenantLogRows(ctx.services.db, guid as string);
    });
    for (const { guid } of rows) {
      for (const t of buTables()) await tx.query(`delete from ${ident(t)} where bu_guid = $1`, [guid]);
      await tx.query('delete from user_bu where bu_guid = $1', [guid]);
      // It leaves every union it was in, and its departments and members leave their selections.
      await tx.query(
        `update union_bu set bu_guids = bu_guids - $1::text, dept_guids = ${kept('dept_guids', 'department')}, user_guids = ${kept('user_guids', 'member')}, updated_at = now()
          where bu_guids ? $1::text`,
        [guid],
      );
    }
  },
};
