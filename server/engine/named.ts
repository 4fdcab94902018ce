import type { z } from 'zod';
import type { Mount, ResourceDef } from '../../resources/types.ts';
import type { AnswerDoc } from '../http/calls.ts';
import type { CallContext, Handler } from './context.ts';

/**
 * Declares a named handler with the schema of its body (none: it takes no body) and of its
 * answer's `data` (`output`), or the media types of the file it answers instead (`download`), or
 * the fields of the form it takes beside its file (`form`). The engine parses the body with
 * `input` (a refusal names every failing field) and passes the parsed value as `body`; the
 * documents and the debug console's form read the same schema. `input` may depend on the mount
 * (an operator's names the BU it acts on) and its definition (a page's filters).
 */
export const named = <S extends z.ZodType = z.ZodObject<{}>>(
  doc: { input?: S | ((mount: Mount, def: ResourceDef) => S); output?: AnswerDoc | ((mount: Mount, def: ResourceDef) => AnswerDoc); download?: readonly string[]; form?: z.ZodObject },
  run: (ctx: CallContext, body: z.output<S>) => Promise<unknown>,
): Handler => Object.assign(run as Handler, doc);
