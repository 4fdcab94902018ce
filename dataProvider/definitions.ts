import type { ConsoleDef } from '../resources/console-defs.ts';

/**
 * Every definition as the console takes it: written into the build (vite.config.ts) from
 * resources/index.ts, schemas as JSON Schema, so the first load carries no zod.
 */
export const resources: readonly ConsoleDef[] = __CONSOLE_DEFS__;

export const resourceByName = new Map(resources.map((r) => [r.name, r]));

/** A definition the console names in its code (the column settings' own). */
export const definition = (name: string): ConsoleDef => {
  const def = resourceByName.get(name);
  if (!def) throw new Error(`unknown resource ${name}`);
  return def;
};
