import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import { handlers } from '../../server/handlers/index.ts';
import { isRead, specOf } from '../../server/engine/spec.ts';
import type { z } from 'zod';
import zh from '../../i18n/resources/zh.ts';
import hk from '../../i18n/resources/hk.ts';
import en from '../../i18n/resources/en.ts';

/**
 * The operation log names a write's fields: a verb's are its definition's (labelled by the registry
 * check), a named handler's the keys of its body. Each of those has a label in every language, its
 * definition's own or a shared one (`common.fields`), so the log never shows a code like `sort`.
 */
const NOT_FIELDS = new Set(['guid', 'guids', 'page', 'page_size']);
type Labels = { resources: Record<string, { fields?: Record<string, string> }>; common: { fields: Record<string, string> } };

describe("the operation log's field names", () => {
  it("every key of a writing handler's body is labelled in zh, hk and en", () => {
    const unlabelled: string[] = [];
    for (const def of resources) for (const mount of def.api.mounts) for (const [segment, call] of Object.entries(mount.calls)) {
      const spec = specOf(call);
      if (isRead(spec) || !spec.handler) continue;
      const input = (handlers[spec.handler] as { input?: z.ZodObject | ((m: typeof mount, d: typeof def) => z.ZodObject) }).input;
      const schema = typeof input === 'function' ? input(mount, def) : input;
      for (const key of Object.keys(schema?.shape ?? {})) {
        if (NOT_FIELDS.has(key)) continue;
        for (const [lang, m] of [['zh', zh], ['hk', hk], ['en', en]] as [string, Labels][]) {
          if (!def.admin.labels?.[key] && !m.resources[def.name]?.fields?.[key] && !m.common.fields[key]) unlabelled.push(`${lang} ${def.name} ${segment}: ${key}`);
        }
      }
    }
    expect(unlabelled).toEqual([]);
  });
});
