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
