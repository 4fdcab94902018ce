// react-admin's default list exporter turns rows into CSV with jsonexport (~4 KB gzipped), and
// ra-core imports it with every list. It runs only when someone exports, so vite.config.ts points
// ra-core's import here and the converter loads then, with the same arguments and callback.
type JsonExport = (...args: unknown[]) => unknown;

export default function jsonExport(...args: unknown[]): Promise<unknown> {
  // @ts-expect-error jsonexport ships no types; this is its CommonJS build, which ra-core imports too.
  return import('jsonexport/dist').then((m: { default: JsonExport }) => m.default(...args));
}
