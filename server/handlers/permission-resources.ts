import { permissionTreeFor, type PermissionNode } from '../auth/permission-tree.ts';
import { z } from 'zod';
import { named } from '../engine/named.ts';

type Resource = Omit<PermissionNode, 'children'>;

/** Enabled nodes, depth first; a disabled node hides what hangs below it. */
const enabled = (nodes: PermissionNode[]): Resource[] =>
  nodes.filter((n) => n.status === 0).flatMap(({ children, ...node }) => [node, ...enabled(children)]);

/**
 * `/open/system/resource/list` (docs/operator.md "Platform calls"): the permission resources — menus,
 * submenus and buttons of the caller's own console — that the caller may see, as one flat list in
 * menu order, each naming its parent: the enabled nodes of `get-permission-auth`'s tree. A tenant
 * sees the tenant console's nodes its roles in the current BU grant (an owner all of them), an
 * operator the operator console's; nobody sees another console's or another account's.
 */
const resource = z.object({
  guid: z.uuid(), parent_guid: z.uuid().nullable(), name: z.string(), code: z.string(), url: z.string().nullable(), type: z.int(), status: z.int(),
  icon: z.string().nullable(), hidden: z.boolean(), sort: z.int(),
});
export const resourceList = named({ output: z.array(resource) }, async (ctx) => enabled(await permissionTreeFor(ctx.services.db, ctx.caller!)));
