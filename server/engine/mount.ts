import type { FastifyInstance } from 'fastify';
import type { CallSpec, ResourceDef } from '../../resources/types.ts';
import { defineCall, type CallDoc } from '../http/calls.ts';
import type { EngineParts, Rules, Services } from './context.ts';
import { permissionOf, specOf } from './spec.ts';
import { authorize } from './authorize.ts';
import { verbs } from './verbs.ts';
import { answerDoc, bodyDoc } from './call-docs.ts';
import type { EngineCall } from './run-call.ts';
import { selectionCall } from './selections.ts';
import { relatedCall } from './related.ts';
import { once } from './once.ts';

/** Mounts every call of every definition on each side it names. */
const NO_RULES: Rules = {};
/** The verbs a virtual definition may answer: they read the table it names, never write it. */
const READS = new Set(['page', 'list', 'get']);

export const mountResources = (app: FastifyInstance, services: Services, defs: readonly ResourceDef[], docs: CallDoc[], parts: EngineParts) => {
  for (const def of defs) {
    const rules = parts.rules[def.name] ?? NO_RULES;
    for (const mount of def.api.mounts) {
      // Membership stands in for the BU's own predicate only: it never widens another scope.
      if (mount.member && mount.scope !== 'bu') throw new Error(`${def.name}: ${mount.base} reaches rows by member, which only a bu mount may`);
      // A keyset search reads its table by window and equalities only (server/engine/keyset.ts): a scope with row conditions would go unchecked.
      if (def.storage.keyset && mount.scope !== 'platform') throw new Error(`${def.name}: ${mount.base} is a keyset search, which only a platform mount may serve`);
      for (const [segment, raw] of Object.entries(mount.calls)) {
        const spec = specOf(raw);
        // A call on the definition's selections, or on rows naming its record, is the engine's own handler.
        const handler = spec.handler ? parts.handlers[spec.handler] : spec.selection ? selectionCall(def, spec.selection) : spec.related ? relatedCall(def, spec.related) : undefined;
        const bodyOf = typeof handler?.input === 'function' ? handler.input(mount, def) : handler?.input;
        const run = handler ?? (!spec.handler && spec.verb ? verbs[spec.verb] : undefined);
        if (!run) throw new Error(`${def.name}: ${mount.base}/${segment} names no verb or known handler`);
        if (def.storage.virtual && !handler && !READS.has(spec.verb ?? '')) throw new Error(`${def.name} is virtual (no table of its own): ${mount.base}/${segment} needs a handler or a read verb`);
        // What it takes and answers is worked out when a document first needs it (JSON Schema from zod costs), not at start.
        const body = once(() => bodyOf ?? bodyDoc(def, spec, mount));
        const answer = once(() => (typeof handler?.output === 'function' ? handler.output(mount, def) : handler?.output) ?? answerDoc(def, spec, mount));
        const doc: CallDoc = {
          method: 'POST',
          path: `${mount.base}/${segment}`,
          tag: def.name,
          summary: `${def.name} ${spec.handler ?? spec.verb ?? (spec.selection ? `selection ${spec.selection.call}` : `${spec.related?.target} by ${spec.related?.by}`)}`,
          // A handler standing in for a verb (`{ verb, handler }`) takes and answers what the verb would, unless it declares otherwise.
          get body() {
            return body();
          },
          get answer() {
            return answer();
          },
          public: !!spec.public,
          permission: permissionOf(mount, spec),
          form: spec.form,
          formFields: handler?.form,
          file: handler?.download,
        };
        const call: EngineCall = { def, mount, spec, rules, run: run as EngineCall['run'], bodyOf, path: doc.path, authorize: (caller) => authorize(mount, spec, caller) };
        defineCall(app, services, docs, doc, call);
      }
    }
  }
};
