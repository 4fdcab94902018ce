import { beforeAll, describe, expect, it } from 'vitest';
import { hasClientKey, loadLanguage, tr } from '../../i18n/client.ts';
import type { Lang } from '../../i18n/languages.ts';
import { adminMenus, tenantMenus, type MenuSeed } from '../../resources/menus.ts';
import { nodeLabel, treeMenu } from '../../src/routes/menu.ts';
import { loadMessages } from '../../i18n/messages.ts';
import { ROUTES } from '../../src/routes/table.ts';
import type { PermissionNode } from '../../dataProvider/authProvider.ts';

/** Every seeded code, children included. */
const codes = (nodes: readonly MenuSeed[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
const LANGS: Lang[] = ['zh', 'hk', 'en'];

describe('menu labels', () => {
  // The browser fetches hk's and en's UI messages when chosen; the test reads all three.
  beforeAll(() => Promise.all(LANGS.map(loadLanguage)));
  const seeded = [...codes(adminMenus), ...codes(tenantMenus)];

  it('seeds some menus', () => expect(seeded.length).toBeGreaterThan(20));

  it.each(LANGS)('every seeded menu code has a label in %s', (lang) => {
    expect(seeded.filter((c) => !hasClientKey(lang, `menu.${c}`))).toEqual([]);
  });

  it('labels differ from the seeded Chinese name where the language differs (hk is Traditional, en is English)', () => {
    const all = [...adminMenus, ...tenantMenus].flatMap(function flat(n: MenuSeed): MenuSeed[] {
      return [n, ...(n.children ?? []).flatMap(flat)];
    });
    const user = all.find((n) => n.code === 'admin:user')!;
    expect(tr('zh', 'menu.admin:user')).toBe(user.name);
    expect(tr('hk', 'menu.admin:user')).not.toBe(user.name);
    expect(tr('en', 'menu.admin:user')).not.toBe(user.name);
    // Traditional labels use no simplified-only character (a zh label copied into hk shows up here).
    const SIMPLIFIED_ONLY = /[户单应务运订档统权员数据账个设织构详关联费开发调试业门项岗号级页录择图标]/;
    expect(all.filter((n) => SIMPLIFIED_ONLY.test(tr('hk', `menu.${n.code}`))).map((n) => `${n.code}: ${tr('hk', `menu.${n.code}`)}`)).toEqual([]);
    // No English label is left in Chinese.
    expect(all.filter((n) => /[\u4e00-\u9fff]/.test(tr('en', `menu.${n.code}`))).map((n) => n.code)).toEqual([]);
  });

  it('the console menu shows the label by code and falls back to the node name for unknown codes', () => {
    const node = (code: string, name: string, url: string): PermissionNode => ({ guid: code, parent_guid: null, name, code, url, type: 1, status: 0 });
    const [known, unknown] = treeMenu([node('admin:user', '用户管理', '/operation/user'), node('admin:unknown-thing', '某菜单', '/operation/x')], ['/operation/user', '/operation/x']);
    expect(known.label).toBe('menu.admin:user');
    expect(tr('hk', known.label)).toBe('用戶管理');
    expect(hasClientKey('hk', unknown.label)).toBe(false);
    expect(unknown.fallback).toBe('某菜单');
  });

  it.each(LANGS)('every page the definitions make, and every node of their screens, has its label in %s', async (lang) => {
    await loadMessages(lang);
    const defined: string[] = __TENANT_PAGES__.map((p) => p.path);
    expect(defined).toEqual(expect.arrayContaining(['/account/organzize', '/account/member-manage', '/business/process']));
    // The route table serves each, with its hidden sub-paths.
    expect(defined.filter((path) => !ROUTES.some((r) => r.path === path && r.page === 'tenant') || !ROUTES.some((r) => r.path === `${path}/*`))).toEqual([]);
    const titles = ROUTES.filter((r) => defined.includes(r.path)).map((r) => r.title);
    expect(titles.filter((key) => !hasClientKey(lang, key))).toEqual([]);
    // A node of a definition's screen without its own `menu.<code>` label shows the screen's title.
    const screens = Object.entries(__MENU_TITLES__).map(([url, title]) => ({ url, title, label: nodeLabel({ code: `x:${url}`, url }) }));
    expect(screens.filter((s) => s.label !== s.title || !hasClientKey(lang, s.title)).map((s) => `${s.url}: ${s.title}`)).toEqual([]);
  });
});
