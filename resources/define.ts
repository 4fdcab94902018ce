import type { z } from 'zod';
import type { ResourceDef } from './types.ts';

/**
 * A definition as written: its name stays a literal type, so `ResourceName` (resources/index.ts)
 * is the union of every definition's name and server code naming one misspelt fails `tsc`.
 */
export const defineResource = <const N extends string, S extends z.ZodObject = z.ZodObject>(def: ResourceDef<S, N>): ResourceDef<S, N> => def;
