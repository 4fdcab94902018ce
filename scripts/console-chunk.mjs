/**
 * One chunk for what both consoles load first and nothing else loads.
 *
 * Rolldown splits the code by the set of lazy entries that use it: with ~40 lazy pages, the
 * consoles' first load came in ~70 chunks, half of them under 2 KB gzipped. Each costs its
 * import and export lists and its own compression dictionary (~14 KB gzipped in all). Which
 * modules those chunks hold is known only after chunking, so the client is built twice:
 * - the first build learns the modules of every chunk that both consoles load at once and that
 *   neither the home page nor any page outside the consoles loads;
 * - the second build puts those modules in one group, the `console` chunk.
 *
 * No page outside the consoles imports the group, so nothing else loads more. The group takes only
 * those modules, not their dependencies (`includeDependenciesRecursively: false`). The shared
 * libraries they import stay in the chunks that home and the public pages already load, which
 * import nothing from the consoles, so no chunk cycle can form.
 */

/** The consoles' lazy entries (src/App.tsx, src/pages/TenantPage.tsx). */
const ROOTS = [/[\\/]src[\\/]console[\\/]ConsoleApp\.tsx$/, /[\\/]src[\\/]console[\\/]TenantConsole\.tsx$/];
/** Lazy entries of the consoles' own: a page outside them does not reach past these. */
const CONSOLE_LAND = /[\\/]src[\\/]console[\\/]|[\\/]layouts[\\/]ConsoleFrame\.tsx$|[\\/]i18n[\\/]lang[\\/]/;

export const consoleChunk = () => {
  /** Module ids of the group; empty until the first client build has run. */
  const modules = new Set();
  let learned = false;

  const group = { name: 'console', test: (id) => modules.has(id), includeDependenciesRecursively: false };

  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'open-platform:console-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // Vite loads the config again for each environment: this instance, the one `buildApp` asks, must be the one that builds.
    sharedDuringBuild: true,
    outputOptions(options) {
      if (!modules.size) return null;
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      return { ...options, codeSplitting: { ...splitting, groups: [...(splitting.groups ?? []), group] } };
    },
    generateBundle(_options, bundle) {
      if (learned) return;
      const chunks = new Map(Object.values(bundle).filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
      /** Chunk files reachable from `starts` along `next`, not entering a chunk that `stop` accepts. */
      const reach = (starts, next, stop = () => false) => {
        const seen = new Set();
        const queue = [...starts];
        while (queue.length) {
          const chunk = chunks.get(queue.pop());
          if (!chunk || seen.has(chunk.fileName) || stop(chunk)) continue;
          seen.add(chunk.fileName);
          queue.push(...next(chunk));
        }
        return seen;
      };
      const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      const home = reach(entries, (c) => c.imports);
      const outside = reach(entries, (c) => [...c.imports, ...c.dynamicImports], (c) => CONSOLE_LAND.test(c.facadeModuleId ?? ''));
      const firstLoads = ROOTS.map((root) => {
        const chunk = [...chunks.values()].find((c) => root.test(c.facadeModuleId ?? ''));
        return chunk ? reach([chunk.fileName], (c) => c.imports) : new Set();
      });
      for (const file of firstLoads[0]) {
        const chunk = chunks.get(file);
        if (!firstLoads.every((f) => f.has(file)) || home.has(file) || outside.has(file) || CONSOLE_LAND.test(chunk.facadeModuleId ?? '')) continue;
        for (const id of Object.keys(chunk.modules)) modules.add(id);
      }
      learned = true;
      // This build only learns; the second one writes the files.
      if (modules.size) for (const file of Object.keys(bundle)) delete bundle[file];
    },
  };

  return {
    plugin,
    /** Whether the first build found modules to group, so a second build is worth running. */
    learned: () => learned && modules.size > 0,
  };
};
