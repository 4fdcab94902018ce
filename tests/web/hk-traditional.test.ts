import { describe, expect, it } from 'vitest';
import ui from '../../i18n/ui/hk.ts';
import ra from '../../i18n/ui/ra-hk.ts';
import resources from '../../i18n/resources/hk.ts';
import server from '../../i18n/server/hk.ts';
import common from '../../i18n/common/hk.ts';
import apps from '../../i18n/ui/apps/hk.ts';
import debug from '../../i18n/ui/debug/hk.ts';
import store from '../../i18n/ui/store/hk.ts';
import docs from '../../i18n/ui/docs/hk.ts';
import documents from '../../i18n/documents/hk.ts';
import demo from '../../i18n/demo/hk.ts';

/**
 * Characters that exist only in simplified Chinese and have a distinct traditional form used in
 * these labels (户 → 戶, 设 → 設, …). A simplified character in the hk messages is a copy-paste
 * from zh (the registration form once showed 用户名 in traditional Chinese).
 */
const SIMPLIFIED_ONLY = '户设认记录账号码开关发门项务员组织应单页这个为时间请输验证删编辑态构岗联电话邮权级类规则选择们';

const strings = (node: unknown, path = ''): [string, string][] =>
  typeof node === 'string'
    ? [[path, node]]
    : node && typeof node === 'object'
      ? Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k))
      : [];

describe('traditional Chinese messages', () => {
  it('hold no simplified-only characters', () => {
    const bad = [ui, ra, resources, server, common, apps, debug, store, docs, documents, demo]
      .flatMap((m) => strings(m))
      .filter(([, text]) => [...text].some((c) => SIMPLIFIED_ONLY.includes(c)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(bad).toEqual([]);
  });
});
