import type { CallSpec, Mount, ResourceDef, Transition } from '../../resources/types.ts';

/**
 * The transition a status call asks for: the call's own (`transition` in its spec), else the one
 * the body names (`action`), else the one into the body's `status` — so two transitions into the
 * same state can both be asked for by name. A transition limited to other sides is not offered.
 */
export const transitionOf = (def: ResourceDef, mount: Mount, call: CallSpec, input: Record<string, unknown>): Transition | undefined => {
  // Only this side's: two sides may each have a transition into the same state (an operator takes
  // a work order up, a tenant reopens it).
  const all = (def.api.status?.transitions ?? []).filter((t) => !t.sides || t.sides.includes(mount.side));
  const name = call.transition ?? (typeof input.action === 'string' ? input.action : undefined);
  return name !== undefined ? all.find((t) => t.name === name) : input.status !== undefined && input.status !== null ? all.find((t) => String(t.to) === String(input.status)) : undefined;
};
