import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { CallSpec, Mount, ResourceDef } from '../../resources/types.ts';
import type { Lang } from '../../i18n/index.ts';
import type { Caller } from '../auth/caller.ts';
import { parseOrWarn } from '../http/validation.ts';
import type { CallContext, Rules, Services } from './context.ts';
import { pagingValues } from './paging.ts';
import { guardPrivileges } from './privilege.ts';
import { actionOf, isRead } from './spec.ts';

/** A definition's call as mounted: what runs it (a verb or a named handler) and the body a handler declares. */
export interface EngineCall {
  def: ResourceDef;
  mount: Mount;
  spec: CallSpec;
  rules: Rules;
  run: (ctx: CallContext, body?: never) => Promise<unknown>;
  bodyOf?: ZodType;
  /** The path the operation log names. */
  path: string;
}

/**
 * The one pipeline of every engine call once its caller is authorised, whoever makes it — a
 * console's mount (`mountResources`) or an app (`engineAsApp`, server/routes/open-api.ts): the
 * definition as the caller's BU sees it, `guardPrivileges`, the handler's declared body, the verb or
 * handler, the operation log for a write (the caller as its actor), then the after-commit effects,
 * whose failure is logged and never fails an answer whose change has committed.
 */
export const runCall = (
  services: Services, call: EngineCall,
  r: { caller: Caller | null; lang: Lang; input: Record<string, unknown>; req?: FastifyRequest; reply?: FastifyReply },
) => {
  const { def, mount, spec } = call;
  const { caller, lang, input, req, reply } = r;
  return services.fieldSets.use(def, mount, caller, async (seen) => {
    const effects: (() => Promise<unknown>)[] = [];
    const ctx: CallContext = { services, def: seen, mount, call: spec, caller, lang, input, req, reply, rules: call.rules, afterCommit: (e) => void effects.push(e) };
    await guardPrivileges(ctx, actionOf(spec));
    // A handler's declared body, parsed once here: the refusal names every field the document requires.
    const body = call.bodyOf ? parseOrWarn(lang, call.bodyOf, pagingValues(input), seen.name, seen.labels) : undefined;
    const result = await call.run(ctx, body as never);
    // The operation log: every write that succeeded, in this one place (names of fields, never values).
    if (!isRead(spec)) services.audit.operation({ def: seen, spec, action: actionOf(spec), path: call.path, caller, input, result, ip: req?.ip ?? '' });
    for (const effect of effects) {
      await effect().catch((err) => (req ? req.log.error({ err }, 'side effect after commit failed') : console.warn('side effect after commit failed', err)));
    }
    return result;
  }, lang);
};
