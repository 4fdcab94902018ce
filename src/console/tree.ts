/** Nests flat rows by a self-referencing parent field; rows whose parent is absent become roots. */
export interface TreeNode<T> {
  row: T;
  children: TreeNode<T>[];
}

export const buildTree = <T extends { id: unknown }>(rows: readonly T[], parentField: string): TreeNode<T>[] => {
  const nodes = new Map(rows.map((r) => [r.id, { row: r, children: [] as TreeNode<T>[] }]));
  const roots: TreeNode<T>[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get((n.row as Record<string, unknown>)[parentField]);
    (parent && parent !== n ? parent.children : roots).push(n);
  }
  return roots;
};

/** Every id in a subtree, the node's own first. */
export const subtreeIds = <T extends { id: unknown }>(node: TreeNode<T>): T['id'][] => [node.row.id, ...node.children.flatMap(subtreeIds)];

/** The node of `id` in a forest, if any. */
export const findNode = <T extends { id: unknown }>(nodes: readonly TreeNode<T>[], id: unknown): TreeNode<T> | undefined => {
  for (const n of nodes) {
    const found = n.row.id === id ? n : findNode(n.children, id);
    if (found) return found;
  }
  return undefined;
};

type Row = Record<string, unknown> & { id?: unknown; guid?: unknown };
/** A `tree` call answers nested rows (`children`): flat rows, each with its `id`, parents first. */
export const flattenTree = <T extends Row>(rows: readonly T[]): (T & { id: unknown })[] =>
  rows.flatMap(({ children, ...r }) => [{ ...(r as T), id: r.id ?? r.guid }, ...flattenTree(Array.isArray(children) ? (children as T[]) : [])]);

/**
 * Each row's path from its root, its ancestors' titles then its own, joined by ` / ` (e.g.
 * "System / Roles / Add"), by id; a parent missing from the rows ends the path, a cycle too.
 */
export const treePaths = <T extends { id: unknown }>(rows: readonly T[], parentField: string, title: (row: T) => string): Map<T['id'], string> => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<T['id'], string>();
  for (const row of rows) {
    const names: string[] = [];
    const seen = new Set<unknown>();
    for (let r: T | undefined = row; r && !seen.has(r.id); r = byId.get((r as Record<string, unknown>)[parentField])) {
      seen.add(r.id);
      names.unshift(title(r));
    }
    paths.set(row.id, names.join(' / '));
  }
  return paths;
};
