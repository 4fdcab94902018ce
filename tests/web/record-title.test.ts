import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '../../dataProvider/http.ts';
import { definition } from '../../dataProvider/definitions.ts';
import { resourceCalls } from '../../dataProvider/calls.ts';
import { recordTitle } from '../../src/console/recordTitle.ts';
import { recordName } from '../../src/shell/recordName.ts';
import { loadLang } from './console-harness.tsx';

vi.mock('../../dataProvider/http.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../dataProvider/http.ts')>()), post: vi.fn() }));

const permission = definition('permission');
const role = { guid: 's2', name: '角色管理', code: 'admin:role', type: 1 };
const custom = { guid: 's4', name: 'Audit board', code: 'custom:audit', type: 1 };

/**
 * A seeded record is named in the reader's language wherever a screen names it without hooks:
 * react-admin's `recordRepresentation` (headings, confirmations) and the breadcrumb's record crumb.
 */
describe('record names in the reader\'s language', () => {
  beforeAll(async () => {
    await loadLang('en');
    await loadLang('zh');
  });
  beforeEach(() => vi.mocked(post).mockReset());

  it('a seeded menu by its code\'s message; one an operator named keeps its name', () => {
    expect(recordTitle(permission, role, 'en')).toBe('Roles');
    expect(recordTitle(permission, role, 'zh')).toBe('角色管理');
    expect(recordTitle(permission, custom, 'en')).toBe('Audit board');
    // A definition without label keys: its title field.
    expect(recordTitle(definition('role'), { guid: 'r', name: '审计员' }, 'en')).toBe('审计员');
  });

  it('the breadcrumb fetches a record once and names it in the language of the moment', async () => {
    vi.mocked(post).mockResolvedValue(role);
    const at = `/operation/${resourceCalls('permission').route}`;
    expect(await recordName(at, 's2', 'en')).toBe('Roles');
    expect(await recordName(at, 's2', 'zh')).toBe('角色管理');
    expect(vi.mocked(post).mock.calls.map(([path]) => path)).toEqual([resourceCalls('permission').verbs.get]);
  });
});
