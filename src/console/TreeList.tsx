import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { visuallyHidden } from '../shell/visuallyHidden.ts';
import { Fragment, useState } from 'react';
import { CreateButton, ListContextProvider, Loading, RecordContextProvider, Title, TopToolbar, useDataProvider, useList, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import { columnLabel, renderColumn } from './fields.tsx';
import { useColumnSettings } from './columnSettings.ts';
import { RowActions, stickyActions, useCan, useHasRowActions } from './ResourceList.tsx';
import { allRowsQuery } from './allRows.ts';
import { buildTree, type TreeNode } from './tree.ts';
import { useTitle } from './useTitle.ts';

/** A definition with `ui.tree` lists as a tree: every row (the list call is capped), nested by its parent field; the roots' children shown, deeper branches folded. */
export const TreeList = ({ rc }: { rc: ResourceCalls }) => {
  const translate = useTranslate();
  const title = useTitle();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const settings = useColumnSettings(rc.def);
  const can = useCan(rc);
  const rowActions = useHasRowActions(rc);
  // A `tree` call answers nested rows: flattened, the tree is rebuilt from the parent field.
  const rows = useQuery(allRowsQuery(dataProvider, rc.route));
  // Roots start open and every deeper branch folded (a permission tree is some 500 rows): a row the reader toggled flips that.
  const [toggled, setToggled] = useState<Set<unknown>>(new Set());
  const list = useList({ data: rows.data ?? [] });
  if (rows.isPending || !settings.ready) return <Loading />;
  const roots = buildTree(rows.data ?? [], rc.def.relations!.tree!.parent);
  const Row = ({ node, depth }: { node: TreeNode<RaRecord>; depth: number }) => {
    const open = (depth === 0) !== toggled.has(node.row.id);
    const toggle = () => setToggled((s) => (s.delete(node.row.id) ? new Set(s) : new Set(s.add(node.row.id))));
    return (
      <Fragment>
        <RecordContextProvider value={node.row}>
          <TableRow hover data-testid="tree-row">
            {settings.columns.map((c, i) => (
              <TableCell key={c.field} sx={i === 0 ? { pl: 1 + depth * 3 } : undefined}>
                {i === 0 &&
                  (node.children.length ? (
                    <IconButton size="small" onClick={toggle} aria-expanded={open} aria-label={translate(open ? 'list.collapse' : 'list.expand', { name: title(rc.def, node.row) })}>
                      {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                    </IconButton>
                  ) : (
                    <Box component="span" sx={{ display: 'inline-block', width: 28 }} />
                  ))}
                {renderColumn(rc.def, c)}
              </TableCell>
            ))}
            {rowActions && (
              <TableCell>
                <RowActions rc={rc} />
              </TableCell>
            )}
          </TableRow>
        </RecordContextProvider>
        {open && node.children.map((c) => <Row key={String(c.row.id)} node={c} depth={depth + 1} />)}
      </Fragment>
    );
  };
  return (
    <ListContextProvider value={list}>
      <Title title={`resources.${rc.def.name}.name`} />
      <TopToolbar>{rc.verbs.add && can('add') && <CreateButton />}</TopToolbar>
      <Box sx={{ overflowX: 'auto', bgcolor: 'background.paper' }}>
        <Table size="small" data-testid="tree-list" sx={rowActions ? stickyActions : undefined}>
          <TableHead>
            <TableRow>
              {settings.columns.map((c) => (
                <TableCell key={c.field}>{c.label ?? translate(columnLabel(rc.def, c))}</TableCell>
              ))}
              {rowActions && (
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('list.actions')}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {roots.map((n) => (
              <Row key={String(n.row.id)} node={n} depth={0} />
            ))}
          </TableBody>
        </Table>
      </Box>
    </ListContextProvider>
  );
};
