import type { CallSpec, Mount, Verb } from '../../resources/types.ts';

/** What a call spec means, read the same way by the engine, the seed and the tests. */
const READ_VERBS = new Set<Verb>(['page', 'list', 'get', 'tree', 'one']);
const ACTION_OF: Record<Verb, string> = { page: 'view', list: 'view', get: 'view', tree: 'view', one: 'view', add: 'add', update: 'update', save: 'update', delete: 'delete', status: 'status' };

export const specOf = (call: Verb | CallSpec): CallSpec => (typeof call === 'string' ? { verb: call } : call);
/** The permission code a call checks: its own prefix or its mount's, and its action; none for calls open to the scope. */
export const permissionOf = (mount: Mount, spec: CallSpec) => {
  const prefix = spec.perm ?? mount.perm;
  return prefix && !spec.signedIn ? `${prefix}:${actionOf(spec)}` : undefined;
};
export const actionOf = (spec: CallSpec) => spec.action ?? (spec.verb ? ACTION_OF[spec.verb] : 'view');
export const isRead = (spec: CallSpec) => (spec.verb ? READ_VERBS.has(spec.verb) : actionOf(spec) === 'view');

