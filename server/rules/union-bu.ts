import type { Rules } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';
import { keptWithin } from '../engine/selections.ts';

const ENABLED = 0;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * A union BU (docs/operator.md "Union BUs"):
 * - a BU that joins must be enabled (one already a member stays when it is disabled later);
 * - a BU that leaves takes its departments, users and apps out of what the union shares;
 * - only a disabled union is removed.
 */
export const unionBuRules: Rules = {
  async beforeWrite(ctx, tx, values, existing) {
    // A new union shares nothing yet (the columns have no database default).
    if (!existing) for (const f of ['dept_guids', 'user_guids', 'app_guids']) values[f] ??= [];
    if (values.bu_guids === undefined) return;
    const members = list(values.bu_guids);
    const before = list(existing?.bu_guids);
    const joining = members.filter((g) => !before.includes(g));
    if (joining.length) {
      const { rows } = await tx.query<{ name: string }>('select name from bu where guid = any($1::uuid[]) and status <> $2 order by name limit 1', [joining, ENABLED]);
      if (rows[0]) throw new Warning('server.union_bu_bu_disabled', { name: rows[0].name }, { field: 'bu_guids' });
    }
    if (!existing || before.every((g) => members.includes(g))) return;
    Object.assign(values, await keptWithin(tx, ctx.def, 'bu_guids', existing, members));
  },
  async beforeDelete(_ctx, _tx, rows) {
    const enabled = rows.find((r) => r.status === ENABLED);
    if (enabled) throw new Warning('server.union_bu_enabled', { name: enabled.name });
  },
};
