#!/usr/bin/env node
// `npx open-platform listen …`: the forwarder (server/lark/ws/cli.ts), run from its TypeScript source through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../server/lark/ws/cli.ts', import.meta.url).href);
process.exitCode = await main(process.argv.slice(2));
