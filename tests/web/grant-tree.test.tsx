import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { GrantNode, grantState, toggled } from '../../src/console/GrantScreen.tsx';
import { buildTree, type TreeNode } from '../../src/console/tree.ts';

/**
 * The grant tree as a reload finds it: a parent granted with only some of its children shows as
 * partly granted; one click grants it whole, the next clears it.
 */
const rows: RaRecord[] = [
  { id: 'org', name: 'Organisation', parent_guid: null },
  { id: 'dept', name: 'Departments', parent_guid: 'org' },
  { id: 'post', name: 'Positions', parent_guid: 'org' },
  { id: 'roles', name: 'Roles', parent_guid: null },
];
const tree = buildTree(rows, 'parent_guid');

const Tree = ({ initial }: { initial: Identifier[] }) => {
  const [checked, setChecked] = useState(new Set<Identifier>(initial));
  const toggle = (node: TreeNode<RaRecord>) => setChecked(toggled(node, checked));
  return <>{tree.map((n) => <GrantNode key={String(n.row.id)} node={n} depth={0} checked={checked} toggle={toggle} label={(r) => String(r.name)} />)}</>;
};

describe('the grant tree', () => {
  it('shows a parent granted with some of its children as partly granted, and a click grants it whole', () => {
    render(<Tree initial={['org', 'dept']} />);
    const org = screen.getByRole('checkbox', { name: 'Organisation' }) as HTMLInputElement;
    expect(org.dataset.indeterminate).toBe('true');
    expect(org.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Departments' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Roles' }) as HTMLInputElement).dataset.indeterminate).toBe('false');
    fireEvent.click(org);
    expect(org.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Positions' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(org);
    expect(org.checked).toBe(false);
    expect(org.dataset.indeterminate).toBe('false');
    expect((screen.getByRole('checkbox', { name: 'Departments' }) as HTMLInputElement).checked).toBe(false);
  });

  it('a parent is ticked only when it and everything below it is granted', () => {
    expect(grantState(tree[0], new Set(['dept', 'post']))).toEqual({ checked: false, indeterminate: true });
    expect(grantState(tree[0], new Set(['org', 'dept', 'post']))).toEqual({ checked: true, indeterminate: false });
  });
});
