import type { FastifyInstance } from 'fastify';
import type { CallSpec, ResourceDef } from '../../resources/types.ts';
import { defineCall, type CallDoc } from '../http/calls.ts';
import type { CallContext, EngineParts, Rules, Services } from './context.ts';
import { pagingInput } from './paging.ts';
import { actionOf, isRead, permissionOf, specOf } from './spec.ts';
import { authorize } from './authorize.ts';
import { guardPrivileges } from './privilege.ts';
import { schemasOf, verbs } from './verbs.ts';
import { z } from 'zod';

/** The request body a generic verb takes, for the OpenAPI documents. */
export const bodyDoc = (def: ResourceDef, spec: Pick<CallSpec, 'verb'>) => {
  const guid = z.object({ guid: z.uuid() });
  switch (spec.verb) {
    case 'add':
      return schemasOf(def).create;
    case 'update':
      return schemasOf(def).update;
    case 'get':
      return guid;
    case 'delete':
      return z.object({ guid: z.uuid().optional(), guids: z.array(z.uuid()).optional() });
    case 'status':
      return guid.extend({ status: z.union([z.number(), z.string()]) });
    case 'one':
      return undefined;
    case 'save':
      return def.schema.partial();
    case 'page':
    case 'list':
    case 'tree':
      return pagingInput.extend({
        keyword: z.string().optional(),
        sort: z.string().optional(),
        // A filter takes its field's own type (typed inputs in the debug console); `bu_guid` is managed.
        ...Object.fromEntries((def.filters ?? []).map((f) => [f.field, (f.type === 'boolean' ? z.boolean() : f.op === 'age' ? z.number().int().min(0).max(36_500) : ((def.schema.shape as Record<string, z.ZodType>)[f.field] ?? z.unknown())).optional()])),
      });
    default:
      return undefined;
  }
};

/** Mounts every call of every definition on each side it names. */
const NO_RULES: Rules = {};

export const mountResources = (app: FastifyInstance, services: Services, defs: readonly ResourceDef[], docs: CallDoc[], parts: EngineParts) => {
  for (const def of defs) {
    const rules = parts.rules[def.name] ?? NO_RULES;
    for (const mount of def.mounts) {
      for (const [segment, raw] of Object.entries(mount.calls)) {
        const spec = specOf(raw);
        const run = spec.handler ? parts.handlers[spec.handler] : spec.verb ? verbs[spec.verb] : undefined;
        if (!run) throw new Error(`${def.name}: ${mount.base}/${segment} names no verb or known handler`);
        if (def.virtual && !spec.handler) throw new Error(`${def.name} is virtual (no table of its own): ${mount.base}/${segment} needs a handler`);
        const doc: CallDoc = {
          method: 'POST',
          path: `${mount.base}/${segment}`,
          tag: def.name,
          summary: `${def.name} ${spec.handler ?? spec.verb}`,
          body: spec.handler ? undefined : bodyDoc(def, spec),
          public: !!spec.public,
          permission: permissionOf(mount, spec),
          form: spec.form,
        };
        defineCall(app, services, docs, doc, async ({ caller, lang, input, req }, reply) => {
          authorize(mount, spec, caller);
          return services.fieldSets.use(def, mount, caller, async (seen) => {
            const effects: (() => Promise<unknown>)[] = [];
            const ctx: CallContext = { services, def: seen, mount, call: spec, caller, lang, input, req, reply, rules, afterCommit: (e) => void effects.push(e) };
            await guardPrivileges(ctx, actionOf(spec));
            const result = await run(ctx);
            // The operation log: every write that succeeded, in this one place (names of fields, never values).
            if (!isRead(spec)) services.audit.operation({ def: seen, spec, action: actionOf(spec), path: doc.path, caller, input, result, ip: req.ip });
            for (const effect of effects) await effect().catch((err) => req.log.error({ err }, 'side effect after commit failed'));
            return result;
          });
        });
      }
    }
  }
};
