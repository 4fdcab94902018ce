import { resourceByName, resources } from '../../resources/index.ts';
import { z } from 'zod';
import type { ResourceDef } from '../../resources/types.ts';
import { resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';

/** The screens of one console section: every definition whose menu lives under it. */
export const sectionResources = (section: string, scene: 'admin' | 'tenant'): ResourceCalls[] =>
  resources.filter((d) => d.menu?.scene === scene && d.menu.url.startsWith(`${section}/`)).map((d) => resourceCalls(d.name));

export const defByName = (name: string): ResourceDef | undefined => resourceByName.get(name);

/** Label keys: the resource's own, else the shared ones (`common.fields.*`). */
const MANAGED = new Set(['guid', 'created_at', 'updated_at', 'created_by', 'bu_guid']);
export const fieldLabel = (def: ResourceDef, field: string) =>
  MANAGED.has(field) && !(field in def.schema.shape) ? `common.fields.${field}` : `resources.${def.name}.fields.${field}`;
export const valueLabel = (def: ResourceDef, field: string, value: unknown) => `resources.${def.name}.values.${field}.${String(value)}`;

const json = new WeakMap<ResourceDef, { properties?: Record<string, { type?: string }> }>();
/** The definition's schema as JSON Schema (input side), computed once. */
export const jsonSchemaOf = (def: ResourceDef) => {
  let s = json.get(def);
  if (!s) json.set(def, (s = z.toJSONSchema(def.schema, { io: 'input', unrepresentable: 'any' }) as never));
  return s;
};
const internalJson = new WeakMap<ResourceDef, { properties?: Record<string, { type?: string }> }>();
/** The server-kept fields (`internal`: a status, a list of role guids) as JSON Schema, computed once. */
const internalSchemaOf = (def: ResourceDef) => {
  let s = internalJson.get(def);
  if (!s) internalJson.set(def, (s = def.internal ? (z.toJSONSchema(def.internal, { io: 'output', unrepresentable: 'any' }) as never) : {}));
  return s;
};
/** A list-valued field, editable or server-kept (a reference column over it shows several rows). */
export const isArrayField = (def: ResourceDef, field: string) =>
  (jsonSchemaOf(def).properties?.[field] ?? internalSchemaOf(def).properties?.[field])?.type === 'array';
