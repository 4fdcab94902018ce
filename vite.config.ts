import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { resources } from './resources/index.ts';

/**
 * The console and the public site. `VITE_BASE=/open-platform/` builds it for embedding in a host
 * application; the client reads the same value from `import.meta.env.BASE_URL`.
 */
const base = process.env.VITE_BASE ?? '/';
const api = process.env.VITE_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base,
  plugins: [react()],
  // The light shell marks menu entries without a screen; it must not import the schemas to know them.
  define: { __CONSOLE_URLS__: JSON.stringify(resources.flatMap((r) => (r.menu ? [r.menu.url] : []))) },
  resolve: {
    alias: [
      // `object.entries` (a polyfill node-polyglot requires) costs ~5 KB gzipped of es-shims: the built-in does.
      { find: 'object.entries', replacement: fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
      // ra-core's CSV exporter loads when an export runs, not with every list (src/shims/jsonexport.ts).
      { find: /^jsonexport\/dist\/index\.js$/, replacement: fileURLToPath(new URL('./src/shims/jsonexport.ts', import.meta.url)) },
    ],
  },
  server: { proxy: { '/open': { target: api, changeOrigin: true } } },
  // The manifest names each chunk's static and dynamic imports: bench/bundle.ts measures from it.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
});
