import type { z } from 'zod';
import type { Mount } from '../../resources/types.ts';
import type { AnswerDoc } from '../http/calls.ts';
import type { CallContext, Handler } from './context.ts';

/**
 * Declares a named handler with the schema of its body (none: it takes no body) and, where it
 * says, of its answer's `data`. The engine parses the body with `input` (a refusal names every
 * failing field) and passes the parsed value as `body`; the documents and the debug console's form
 * read the same schema. `input` may depend on the mount (an operator's names the BU it acts on).
 */
export const named = <S extends z.ZodType = z.ZodObject<{}>>(
  doc: { input?: S | ((mount: Mount) => S); output?: AnswerDoc },
  run: (ctx: CallContext, body: z.output<S>) => Promise<unknown>,
): Handler => Object.assign(run as Handler, doc);
