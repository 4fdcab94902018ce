import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBuilder, type Plugin } from 'vite';
import type { Lang } from '../../i18n/languages.ts';
import { resources } from '../../resources/index.ts';
import { buildDefines } from '../../resources/build-defines.ts';
import type { ResourceDef } from '../../resources/types.ts';

/** A definition made by the recipe, outside the product's files: the module that exports it, and its labels. */
export interface RecipeFixture {
  def: ResourceDef;
  /** The module that exports `def` under its name (the recipe's `resources/<entity>.ts`). */
  module: string;
  /** What the recipe adds under `resources.<name>` in i18n/resources/<lang>.ts. */
  labels: Record<Lang, object>;
}

const VIRTUAL = '\0recipe:';

/**
 * The recipe's registry line and labels, added while bundling: every import of resources/index.ts
 * gets the registry with the fixture appended, and every import of i18n/resources/<lang>.ts the
 * labels with the fixture's merged. Each stand-in imports the real file.
 */
const withFixture = ({ def, module, labels }: RecipeFixture): Plugin => {
  const registry = resolve('resources/index.ts');
  const stands: Record<string, () => string> = {
    [registry]: () =>
      [
        `export * from ${JSON.stringify(registry)};`,
        `import { resources as product } from ${JSON.stringify(registry)};`,
        `import { ${def.name} } from ${JSON.stringify(resolve(module))};`,
        `export const resources = [...product, ${def.name}];`,
        `export const resourceByName = new Map(resources.map((r) => [r.name, r]));`,
      ].join('\n'),
    ...Object.fromEntries(
      (Object.keys(labels) as Lang[]).map((lang) => {
        const file = resolve(`i18n/resources/${lang}.ts`);
        return [file, () => `import base from ${JSON.stringify(file)};\nexport default { ...base, resources: { ...base.resources, ${JSON.stringify(def.name)}: ${JSON.stringify(labels[lang])} } };`];
      }),
    ),
  };
  return {
    name: 'test:recipe-fixture',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(VIRTUAL) || !/(index|zh|hk|en)\.ts$/.test(source)) return null;
      const found = await this.resolve(source, importer, { ...options, skipSelf: true });
      return found && stands[found.id] ? `${VIRTUAL}${found.id}` : null;
    },
    load(id) {
      return id.startsWith(VIRTUAL) ? stands[id.slice(VIRTUAL.length)]() : null;
    },
  };
};

/**
 * The web app built as vite.config.ts builds it, with `fixture` added by the recipe (registry line
 * and labels), into a fresh folder (returned). The public pages' renderer is not built: those
 * pages render in the browser.
 */
export const buildWithFixture = async (fixture: RecipeFixture) => {
  const outDir = mkdtempSync(join(tmpdir(), 'open-platform-fixture-dist-'));
  // The tests run with NODE_ENV=test, which would make vite and the React plugin build for development.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const builder = await createBuilder({
      configFile: resolve('vite.config.ts'),
      logLevel: 'warn',
      define: buildDefines([...resources, fixture.def]),
      plugins: [withFixture(fixture)],
      build: { outDir, emptyOutDir: true },
    });
    // Twice, as vite.config.ts's `buildApp` does: the first build learns the console chunk (scripts/console-chunk.mjs).
    await builder.build(builder.environments.client);
    await builder.build(builder.environments.client);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
};
