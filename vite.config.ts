import react from '@vitejs/plugin-react';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { buildDefines } from './resources/build-defines.ts';
import { resources } from './resources/index.ts';
import { projectFiles, viteEnv, writeStamp } from './scripts/build-stamp.mjs';
import { consoleChunk } from './scripts/console-chunk.mjs';
import { precompressDir } from './scripts/compress.mjs';

/**
 * The console and the public site. `VITE_BASE=/open-platform/` builds it for embedding in a host
 * application; the client reads the same value from `import.meta.env.BASE_URL`.
 */
const base = process.env.VITE_BASE ?? '/';
/** The public pages' server renderer, built beside the web app into dist-ssr/ (server/http/page-render.ts loads it). */
const SERVER_ENTRY = 'src/entry-server.tsx';
const SSR_OUT = 'dist-ssr';
const api = process.env.VITE_API ?? 'http://127.0.0.1:8080';

const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])) : [];

/**
 * After a build: a brotli and a gzip copy of every text file (scripts/compress.mjs; the server
 * sends them by Accept-Encoding), then the build stamp (scripts/build-stamp.mjs) naming every
 * project file that went in, by which `npm start` knows whether to build again.
 */
const servedBuild = (): Plugin => {
  let root = process.cwd();
  let outDir = resolve('dist');
  let inputs: string[] = [];
  let startedAt = 0;
  let failed = false;
  const ids = new Set<string>();
  const outputs = new Set<string>();
  return {
    name: 'open-platform:served-build',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(c) {
      root = c.root;
      outDir = resolve(c.root, c.build.outDir);
      inputs = [...(c.configFile ? [c.configFile] : []), ...c.configFileDependencies, ...(c.publicDir ? filesUnder(c.publicDir) : []), join(root, 'index.html'), join(root, 'package.json'), join(root, SERVER_ENTRY)];
    },
    buildStart() {
      startedAt = Date.now();
      failed = false;
      ids.clear();
      outputs.clear();
    },
    buildEnd(error) {
      if (error) failed = true;
    },
    renderError() {
      failed = true;
    },
    generateBundle(_options, bundle) {
      for (const id of this.getModuleIds()) ids.add(id);
      for (const name of Object.keys(bundle)) outputs.add(name);
    },
    async closeBundle() {
      // Nothing written (the console chunk's learning build, scripts/console-chunk.mjs): no stamp either.
      if (failed || !outputs.size) return;
      // The renderer, built just before (see `builder`), is part of a complete build: without it `npm start` builds again.
      outputs.add(relative(outDir, resolve(root, SSR_OUT, 'entry-server.cjs')));
      const written = await precompressDir(outDir);
      for (const w of written) {
        if (w.br) outputs.add(`${w.file}.br`);
        if (w.gzip) outputs.add(`${w.file}.gz`);
      }
      writeStamp({ root, outDir, files: projectFiles(root, [...ids, ...inputs]), outputs, env: viteEnv(), startedAt });
    },
  };
};

/** The console's calls run on axios' XMLHttpRequest adapter: its fetch adapter is left out (src/shims/axios-fetch.ts). */
const axiosWithoutFetch = (): Plugin => ({
  name: 'open-platform:axios-without-fetch',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId(source, importer) {
    if (source === './fetch.js' && importer?.replaceAll('\\', '/').endsWith('/axios/lib/adapters/adapters.js')) return fileURLToPath(new URL('./src/shims/axios-fetch.ts', import.meta.url));
  },
});

/** The theme uses no CSS variables: MUI's CSS-variables theme and provider are left out (src/shims/mui-css-vars.ts). */
const muiWithoutCssVars = (): Plugin => {
  const shim = fileURLToPath(new URL('./src/shims/mui-css-vars.ts', import.meta.url));
  const replaced: Record<string, string> = { './createThemeWithVars.mjs': '/@mui/material/styles/createTheme.mjs', './ThemeProviderWithVars.mjs': '/@mui/material/styles/ThemeProvider.mjs' };
  return {
    name: 'open-platform:mui-without-css-vars',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (Object.hasOwn(replaced, source) && importer?.replaceAll('\\', '/').endsWith(replaced[source])) return shim;
    },
  };
};

const consoleFirstLoad = consoleChunk();

export default defineConfig({
  base,
  plugins: [react(), axiosWithoutFetch(), muiWithoutCssVars(), consoleFirstLoad.plugin, servedBuild()],
  define: buildDefines(resources),
  resolve: {
    alias: [
      // `object.entries` (a polyfill node-polyglot requires) costs ~5 KB gzipped of es-shims: the built-in does.
      { find: 'object.entries', replacement: fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
      // ra-core's CSV exporter loads when an export runs, not with every list (src/shims/jsonexport.ts).
      { find: /^jsonexport\/dist\/index\.js$/, replacement: fileURLToPath(new URL('./src/shims/jsonexport.ts', import.meta.url)) },
      // react-admin's labels for names no message translates: regular English does (src/shims/inflection.ts).
      { find: /^inflection$/, replacement: fileURLToPath(new URL('./src/shims/inflection.ts', import.meta.url)) },
    ],
  },
  server: { proxy: { '/open': { target: api, changeOrigin: true } } },
  // The manifest names each chunk's static and dynamic imports: bench/bundle.ts measures from it.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
  environments: {
    // Libraries go into the bundle: built for production, as in the browser, whatever NODE_ENV the server runs with
    // (emotion names classes differently in development, and hydration needs the same names).
    // One CommonJS script, without whitespace and in ASCII: the server runs it through a V8 code
    // cache, read one byte a character (runRenderer, server/http/page-render.ts).
    ssr: {
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: SSR_OUT,
        emptyOutDir: true,
        rollupOptions: {
          input: SERVER_ENTRY,
          output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false, minify: { compress: false, mangle: false, codegen: { removeWhitespace: true, asciiOnly: true } } },
        },
      },
    },
  },
  // `vite build` builds both: the renderer first, so that the web app's build stamp, written last, covers a complete build.
  // The web app is built twice: the first build's chunks tell what the consoles' first load holds (scripts/console-chunk.mjs).
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.ssr);
      await builder.build(builder.environments.client);
      if (consoleFirstLoad.learned()) await builder.build(builder.environments.client);
    },
  },
});
