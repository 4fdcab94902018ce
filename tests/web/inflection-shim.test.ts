import * as shim from 'inflection';
import * as real from 'inflection/lib/inflection.js';
import { describe, expect, it } from 'vitest';
import { resources } from '../../dataProvider/definitions.ts';

/**
 * react-admin's `inflection` is src/shims/inflection.ts in the build (vite.config.ts, and so in
 * these tests): it makes labels from names with regular English only. For every name react-admin
 * could make a label from here (each definition's name, its fields, filters and columns), it must
 * write what inflection writes; a difference is named.
 */
const fields = resources.flatMap((d) => [
  ...Object.keys(d.json.properties ?? {}),
  ...Object.keys(d.internalJson.properties ?? {}),
  ...(d.api.filters ?? []).map((f) => f.field),
  ...d.admin.columns.map((c) => c.field),
]);
const names = [...new Set(resources.map((d) => d.name))];

const differences = (words: readonly string[], form: (lib: typeof real, w: string) => string) =>
  words.filter((w) => form(shim as unknown as typeof real, w) !== form(real, w)).map((w) => `${w}: shim "${form(shim as unknown as typeof real, w)}", inflection "${form(real, w)}"`);

describe('the inflection shim', () => {
  it('is the one react-admin gets (the alias holds)', () => {
    expect(shim.pluralize).not.toBe(real.pluralize);
  });

  it("writes a field's label as inflection does (react-admin's transform to underscore, then humanize)", () => {
    expect(fields.length).toBeGreaterThan(100);
    expect(differences([...new Set(fields)], (lib, w) => lib.transform(w, ['underscore', 'humanize']))).toEqual([]);
  });

  it("writes a definition's name as inflection does, one or many, as words", () => {
    expect(differences(names, (lib, w) => lib.humanize(lib.inflect(w, 1)))).toEqual([]);
    expect(differences(names, (lib, w) => lib.humanize(lib.inflect(w, 2)))).toEqual([]);
    expect(differences(names, (lib, w) => lib.capitalize(lib.singularize(w)))).toEqual([]);
    expect(differences(names, (lib, w) => lib.pluralize(w))).toEqual([]);
  });

  it('keeps regular English and the words that do not change', () => {
    for (const w of ['policy', 'box', 'church', 'status', 'news', 'order', 'API', 'key']) {
      expect([shim.pluralize(w), shim.singularize(shim.pluralize(w))]).toEqual([real.pluralize(w), real.singularize(real.pluralize(w))]);
    }
    // A step it does not know leaves the words as they are, as inflection does.
    const steps = ['unknown', 'humanize'] as unknown as Parameters<typeof real.transform>[1];
    expect(shim.transform('app_id', steps)).toBe(real.transform('app_id', steps));
  });
});
