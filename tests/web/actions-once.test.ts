import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import type { RecordAction } from '../../resources/types.ts';
import { menuScreens } from '../../resources/screens.ts';
import { specOf } from '../../server/engine/spec.ts';
import { tenantScreensOf } from '../../resources/screens.ts';

/**
 * Each action is offered once on a row: a status transition is already a button of its own (the
 * definition's `status`, src/console/StatusButtons.tsx) on a list's rows, so no list names a
 * transition's call among its record actions too (sub-account rows once showed freeze and restore twice).
 */
describe('record actions', () => {
  it('never repeat a status transition', () => {
    const twice: string[] = [];
    for (const def of resources) {
      const lists: { where: string; actions: readonly RecordAction[] }[] = [
        // A list's rows show the transitions' buttons beside the actions; a single record's form shows only its actions.
        ...tenantScreensOf(def).filter((t) => (t.view ?? 'list') === 'list').map((t) => ({ where: t.url, actions: t.actions ?? [] })),
        ...menuScreens(def).flatMap(({ menu }) => (menu.page?.tabs ?? []).filter((t) => (t.view ?? 'list') === 'list').map((t) => ({ where: `${menu.url} tab ${t.url}`, actions: t.actions ?? [] }))),
      ];
      for (const { where, actions } of lists) {
        for (const a of actions) {
          const spec = def.api.mounts.map((m) => m.calls[a.call]).find(Boolean);
          if (spec && specOf(spec).transition) twice.push(`${def.name} (${where}): action ${a.name} calls ${a.call}, the ${specOf(spec).transition} transition's button already`);
        }
      }
    }
    expect(twice).toEqual([]);
  });
});
