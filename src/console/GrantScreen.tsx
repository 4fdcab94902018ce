import { Box, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Button, Loading, useBasename, useDataProvider, useGetOne, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import { useTitle } from './useTitle.ts';
import { buildTree, subtreeIds, type TreeNode } from './tree.ts';

/**
 * A node's box: ticked when it and everything below it is granted, partly ticked when only some of
 * it is (a parent granted with some of its children, as a reload finds it), empty otherwise.
 */
export const grantState = (node: TreeNode<RaRecord>, checked: ReadonlySet<Identifier>) => {
  const below = subtreeIds(node).slice(1);
  const self = checked.has(node.row.id);
  const some = below.filter((i) => checked.has(i)).length;
  const whole = self && some === below.length;
  return { checked: whole, indeterminate: !whole && (self || some > 0) };
};

/** The grants after a click on `node`: a partly granted or empty node is granted whole, a whole one cleared. */
export const toggled = (node: TreeNode<RaRecord>, checked: ReadonlySet<Identifier>) => {
  const on = !grantState(node, checked).checked;
  const next = new Set(checked);
  subtreeIds(node).forEach((i) => (on ? next.add(i) : next.delete(i)));
  return next;
};

/** One node and its subtree. A component of its own: defined inside the screen it would be a new
 * type on every render, and each tick would remount the whole tree (focus lost, elements replaced). */
export const GrantNode = ({ node, depth, checked, toggle, label }: {
  node: TreeNode<RaRecord>;
  depth: number;
  checked: Set<Identifier>;
  toggle(node: TreeNode<RaRecord>): void;
  label(row: RaRecord): string;
}) => (
  <>
    <FormControlLabel
      sx={{ pl: depth * 3, display: 'flex' }}
      control={<Checkbox size="small" {...grantState(node, checked)} onChange={() => toggle(node)} />}
      label={label(node.row)}
      data-testid="grant-node"
    />
    {node.children.map((c) => (
      <GrantNode key={String(c.row.id)} node={c} depth={depth + 1} checked={checked} toggle={toggle} label={label} />
    ))}
  </>
);

/**
 * The grant screen a definition opts into with `ui.grants`: the grantable rows as a tree with
 * checkboxes and select-all; saving replaces the record's grants.
 */
export const GrantScreen = ({ rc }: { rc: ResourceCalls }) => {
  const grants = rc.def.admin.grants!;
  const target = resourceCalls(grants.resource);
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const title = useTitle();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: record } = useGetOne(rc.route, { id: id! });
  const granted = useQuery({
    queryKey: [rc.route, id, grants.read],
    queryFn: () => dataProvider.call<Record<string, unknown>>(rc.route, grants.read, { guid: id }),
  });
  // The grantable rows: listed by their own resource, or answered with the grants (`rowsIn`).
  const rows = useQuery({
    queryKey: [target.route, 'getAll', grants.filter, grants.rowsIn, id],
    queryFn: async () =>
      grants.rowsIn
        ? ((await dataProvider.call<Record<string, RaRecord[]>>(rc.route, grants.read, { guid: id }))[grants.rowsIn] ?? []).map((r) => ({ ...r, id: r.guid }))
        : dataProvider.getAll(target.route, grants.filter),
  });
  const [checked, setChecked] = useState<Set<Identifier>>(new Set());
  useEffect(() => setChecked(new Set((granted.data?.[grants.field] as Identifier[] | undefined) ?? [])), [granted.data, grants.field]);
  const tree = useMemo(() => buildTree(rows.data ?? [], target.def.relations?.tree?.parent ?? 'parent_guid'), [rows.data, target.def]);
  if (rows.isPending || granted.isPending) return <Loading />;
  const all = (rows.data ?? []).map((r) => r.id);
  const toggle = (node: TreeNode<RaRecord>) => setChecked(toggled(node, checked));
  const label = (r: RaRecord) => title(target.def, r);
  const save = async () => {
    try {
      await dataProvider.call(rc.route, grants.write, { guid: id, [grants.field]: [...checked] });
      notify('grant.saved', { type: 'success' });
      navigate(`${basename}/${rc.route}`);
    } catch {
      // Already toasted by the http client.
    }
  };
  return (
    <Paper sx={{ p: 3 }} data-testid="grant-screen">
      <Typography variant="h6" gutterBottom>
        {translate('grant.title', { name: record ? title(rc.def, record) : '' })}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={all.length > 0 && checked.size === all.length}
            indeterminate={checked.size > 0 && checked.size < all.length}
            onChange={() => setChecked(checked.size === all.length ? new Set() : new Set(all))}
            data-testid="grant-select-all"
          />
        }
        label={translate('grant.select_all')}
      />
      <Box sx={{ maxHeight: '60vh', overflow: 'auto', borderTop: 1, borderColor: 'divider', py: 1 }}>
        {tree.map((n) => (
          <GrantNode key={String(n.row.id)} node={n} depth={0} checked={checked} toggle={toggle} label={label} />
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button label="ra.action.save" variant="contained" onClick={save} data-testid="grant-save" />
        <Button label="ra.action.cancel" onClick={() => navigate(`${basename}/${rc.route}`)} />
      </Stack>
    </Paper>
  );
};
