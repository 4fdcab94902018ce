import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { CallSpec, Mount, ResourceDef } from '../../resources/types.ts';
import type { Lang } from '../../i18n/index.ts';
import { USER_TYPE, type Caller } from '../auth/caller.ts';
import { inShare } from '../db/fair-share.ts';
import { refuseWriteWhenDiskLow } from '../http/disk-low.ts';
import { parseOrWarn } from '../http/validation.ts';
import type { CallContext, Rules, RunContext, Services } from './context.ts';
import { pagingValues } from './paging.ts';
import { guardPrivileges } from './privilege.ts';
import { actionOf, isRead } from './spec.ts';

interface PlanBase {
  /** The path the operation log names. */
  path: string;
  /** Refuses a caller the call is not for (a thrown Warning). The open API's gate (`asApp`) has admitted its app before. */
  authorize?: (caller: Caller | null) => void;
}

/** A definition's call as mounted: what runs it (a verb or a named handler) and the body a handler declares. */
export interface EngineCall extends PlanBase {
  def: ResourceDef;
  mount: Mount;
  spec: CallSpec;
  rules: Rules;
  run: (ctx: CallContext, body?: never) => Promise<unknown>;
  bodyOf?: ZodType;
}

/** A call no definition serves (sign-in, personal settings, files, the open API's own calls). */
export interface BespokeCall extends PlanBase {
  def?: undefined;
  /** A write the operation log keeps, named as the definition it changes and the action; absent for a read. */
  writes?: { resource: string; action: string };
  run: (ctx: RunContext) => Promise<unknown>;
}

export type CallPlan = EngineCall | BespokeCall;

export interface CallRun {
  caller: Caller | null;
  lang: Lang;
  input: Record<string, unknown>;
  req?: FastifyRequest;
  reply?: FastifyReply;
}

/** The fields a write's body may name in the log: a verb's are its definition's; a handler's, whatever keys its body has. */
const loggedFields = (def: ResourceDef, spec: CallSpec) => (!spec.verb || spec.handler ? undefined : new Set(Object.keys({ ...def.schema.shape, ...(def.internal?.shape ?? {}) })));

/**
 * The one pipeline of every call, whoever declares it — a definition's mount (`mountResources`), an
 * app (`engineAsApp`, the open API's own calls), sign-in and personal settings (`bespoke`), files
 * and identity — once its caller is known (a console token by `defineCall`, an app's by `asApp`):
 * authorisation; for a definition's call the definition as the caller's BU sees it (custom fields)
 * and `guardPrivileges`; the body the call declares; the verb or handler; the operation log for a
 * write (the caller, a person or an app, as its actor); then the after-commit effects, whose
 * failure is logged and never fails an answer whose change has committed.
 */
export const runCall = (services: Services, plan: CallPlan, r: CallRun): Promise<unknown> => inShare(shareOf(r.caller, r.req?.ip), () => pipeline(services, plan, r));

/**
 * Whose fair share of the database a call's statements take (server/db/fair-share.ts): an app's
 * calls are the app's, a tenant's people's their BU's, an operator's their own, anonymous calls
 * their address's.
 */
export const shareOf = (caller: Pick<Caller, 'appGuid' | 'buGuid' | 'userType' | 'userGuid'> | null, ip = '') =>
  caller?.appGuid ? `app:${caller.appGuid}` : caller?.buGuid && caller.userType !== USER_TYPE.operator ? `bu:${caller.buGuid}` : caller ? `user:${caller.userGuid}` : `ip:${ip}`;

const pipeline = (services: Services, plan: CallPlan, r: CallRun): Promise<unknown> => {
  plan.authorize?.(r.caller);
  // A write or an upload is refused while the embedded database's disk is nearly full (server/db/free-space.ts).
  refuseWriteWhenDiskLow(services.db, plan.def ? !isRead(plan.spec) : !!plan.writes || !!r.req?.isMultipart());
  if (!plan.def) return settle(services, plan.path, r, async (base) => ({ result: await plan.run(base), writes: plan.writes }));
  const { mount, spec } = plan;
  if (spec.aliases) r = { ...r, input: aliased(r.input, spec.aliases) };
  return services.fieldSets.use(plan.def, mount, r.caller, (seen) =>
    settle(services, plan.path, r, async (base) => {
      const ctx: CallContext = { ...base, def: seen, mount, call: spec, rules: plan.rules };
      await guardPrivileges(ctx, actionOf(spec));
      // A handler's declared body, parsed once here: the refusal names every field the document requires.
      const body = plan.bodyOf ? parseOrWarn(r.lang, plan.bodyOf, pagingValues(r.input), seen.name, seen.admin.labels) : undefined;
      const result = await plan.run(ctx, body as never);
      return { result, writes: isRead(spec) ? undefined : { resource: seen.name, action: actionOf(spec), fields: loggedFields(seen, spec) } };
    }), r.lang);
};

/** The body with each alias's value under its field's name, unless the body names the field. */
const aliased = (input: Record<string, unknown>, aliases: Readonly<Record<string, string>>) => {
  const out = { ...input };
  for (const [alias, field] of Object.entries(aliases)) {
    if (alias in out && out[field] === undefined) out[field] = out[alias];
    delete out[alias];
  }
  return out;
};

/** Runs a call's work, then logs its write and runs what it queued for after the commit. */
const settle = async (
  services: Services, path: string, r: CallRun,
  work: (base: RunContext) => Promise<{ result: unknown; writes?: { resource: string; action: string; fields?: ReadonlySet<string> } }>,
) => {
  const effects: (() => Promise<unknown>)[] = [];
  const base: RunContext = { services, caller: r.caller, lang: r.lang, input: r.input, req: r.req, reply: r.reply, afterCommit: (e) => void effects.push(e) };
  const { result, writes } = await work(base);
  // The operation log: every write that succeeded, in this one place (names of fields, never values).
  if (writes) services.audit.operation({ ...writes, path, caller: r.caller, input: r.input, result, ip: r.req?.ip ?? '' });
  for (const effect of effects) {
    await effect().catch((err) => (r.req ? r.req.log.error({ err }, 'side effect after commit failed') : console.warn('side effect after commit failed', err)));
  }
  return result;
};
