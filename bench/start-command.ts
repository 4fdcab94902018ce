import { readFileSync } from 'node:fs';

/** `npm start`'s command line from package.json, run directly (npm's own start is not the server's). */
export const startCommand = () => {
  const script: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
  const [bin, ...args] = script.split(/\s+/);
  if (bin !== 'node') throw new Error(`bench/start-command.ts expects "start" to run node, not: ${script}`);
  return [process.execPath, ...args];
};

/**
 * The V8 and Node.js flags `npm start` gives the server (its options before the script): the bench
 * servers run with them too, so that throughput is measured with the heap the server has.
 * `BENCH_NODE_FLAGS` overrides them for an A/B run (`BENCH_NODE_FLAGS= ` for none).
 */
export const serverFlags = (): string[] => {
  const override = process.env.BENCH_NODE_FLAGS;
  if (override !== undefined) return override.split(/\s+/).filter(Boolean);
  const [, ...args] = startCommand();
  return args.slice(0, args.findIndex((a) => !a.startsWith('-')));
};
