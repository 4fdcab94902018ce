// Brotli and gzip copies of the built web app, written beside each file (`x.js.br`, `x.js.gz`), so
// that the server sends a file compressed once at build time rather than on every request
// (@fastify/static `preCompressed` picks one by the request's Accept-Encoding). Used by the
// build (vite.config.ts) and by tests/server/serving.test.ts, so both compress alike.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text. Images and fonts in formats already compressed are sent as they are. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|wasm|ico|webmanifest)$/i;

/** Both encodings of one file's bytes, at their highest settings (done once, at build time). */
export const compressBytes = async (bytes) => {
  const [br, gzip] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip };
};

const walk = async (dir, rel = '') => {
  const out = [];
  for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
    // Dot entries (Vite's .vite/manifest.json, the build stamp) are never served.
    if (entry.name.startsWith('.')) continue;
    const path = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(dir, path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
};

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` where the encoding
 * is smaller than the file (a tiny file is sent as it is). Returns what it wrote, per file.
 */
export const precompressDir = async (dir) => {
  const files = (await walk(dir)).filter((f) => COMPRESSIBLE.test(f));
  return Promise.all(
    files.map(async (file) => {
      const path = join(dir, file);
      const bytes = await readFile(path);
      const { br, gzip } = await compressBytes(bytes);
      const row = { file, bytes: bytes.length, br: 0, gzip: 0 };
      if (br.length < bytes.length) {
        await writeFile(`${path}.br`, br);
        row.br = br.length;
      }
      if (gzip.length < bytes.length) {
        await writeFile(`${path}.gz`, gzip);
        row.gzip = gzip.length;
      }
      return row;
    }),
  );
};

