import { z } from 'zod';
import { datetime } from '../../schemas/common.ts';
import type { AnswerDoc } from '../http/calls.ts';

/** What the sign-in and personal-settings calls answer in `data` (the documents show them). */

/** An account as it may be shown to itself: never its password. */
export const account = z.looseObject({
  guid: z.uuid(), username: z.string(), name: z.string().nullable(), alias: z.string().nullable().optional(), email: z.string().nullable(), phone: z.string().nullable().optional(),
  avatar_url: z.string().nullable().optional(), status: z.int(), user_type: z.int(), created_at: datetime().optional(),
});

/** A token and its expiry (Unix seconds). */
export const token = z.object({ token: z.string(), exp: z.int().describe('Unix seconds') });
/** A tenant's session: the token, the BU it opens (none yet for a new account) and the account. */
export const tenantSession = token.extend({ buGuid: z.uuid().nullable(), user: account });
/** A code mailed: seconds it is good for, and until another may be asked for. */
export const codeSent = z.object({ expires_in: z.int(), resend_after: z.int() });

/** The permission tree of a console, as its menus are built from it. */
const NODE = 'permission.menu-node';
export const permissionTree: AnswerDoc = {
  json: { type: 'array', items: { $ref: `#/components/schemas/${NODE}` } },
  components: {
    [NODE]: {
      type: 'object',
      required: ['guid', 'parent_guid', 'name', 'code', 'type', 'status', 'children'],
      properties: {
        guid: { type: 'string', format: 'uuid' }, parent_guid: { type: ['string', 'null'], format: 'uuid' }, name: { type: 'string' }, code: { type: 'string' },
        url: { type: ['string', 'null'] }, type: { type: 'integer' }, status: { type: 'integer' }, icon: { type: ['string', 'null'] }, hidden: { type: 'boolean' }, sort: { type: 'integer' },
        children: { type: 'array', items: { $ref: `#/components/schemas/${NODE}` } },
      },
    },
  },
};

/** A call that answers no data (it is refused until its transport exists). */
export const nothing = z.null();

/** A file as an upload answers it: its address (`url`) is what records and documents hold. */
export const uploadedFile = z.object({
  guid: z.uuid(), name: z.string(), content_type: z.string(), size: z.int(), image: z.boolean(), public: z.boolean(), url: z.string(),
});
