import { logAnswers } from '../engine/call-docs.ts';
import { keysetInput, keysetPage } from '../engine/keyset.ts';
import { named } from '../engine/named.ts';

/**
 * `user-operation-log/page` (docs/operator.md "Audit logs"): the operation log's keyset search,
 * tenant users' rows only (main and sub accounts); one user or BU by its filters.
 */
export const userOperations = named({ input: (_mount, def) => keysetInput(def), output: (_mount, def) => logAnswers(def).page }, async (ctx) => keysetPage(ctx, { user_type: [1, 2] }));
