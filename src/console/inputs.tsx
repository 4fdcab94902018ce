import {
  ArrayInput, AutocompleteArrayInput, AutocompleteInput, BooleanInput, NumberInput, PasswordInput, ReferenceArrayInput,
  ReferenceInput, SelectInput, SimpleFormIterator, TextInput, useTranslate,
} from 'react-admin';
import type { ResourceDef } from '../../resources/types.ts';
import { defByName, fieldLabel, valueLabel } from './registry.ts';
import { useRouteOf } from './routeOf.tsx';

/** The subset of JSON Schema that zod's `toJSONSchema` writes for our schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: (string | number)[];
  const?: string | number;
  format?: string;
  maxLength?: number;
  kind?: string;
  default?: unknown;
}

/** Constants of an enum or a union of literals (e.g. status 0/1), else undefined. */
const choicesOf = (s: JsonSchema) => s.enum ?? (s.anyOf?.every((a) => a.const !== undefined) ? s.anyOf.map((a) => a.const!) : undefined);
const nonNull = (s: JsonSchema) => s.anyOf?.find((a) => a.type !== 'null') ?? s;

/** Where a guid field points: a column's `reference`, or the tree's own parent field. */
const referenceOf = (def: ResourceDef, field: string) =>
  def.columns.find((c) => c.field === field)?.reference ?? (def.tree?.parent === field ? def.name : undefined);

interface Props {
  def: ResourceDef;
  name: string;
  schema: JsonSchema;
  /** Source inside an array item. */
  source?: string;
}

/** One input chosen from the field's JSON Schema: the only path from a definition to a form. */
export const SchemaInput = ({ def, name, schema: raw, source = name }: Props) => {
  const translate = useTranslate();
  const routeOf = useRouteOf();
  const schema = nonNull(raw);
  const label = fieldLabel(def, name);
  const choices = choicesOf(schema);
  const reference = referenceOf(def, name);
  const target = reference ? defByName(reference) : undefined;
  if (target) {
    const ref = routeOf(target);
    return schema.type === 'array' ? (
      <ReferenceArrayInput source={source} reference={ref}>
        <AutocompleteArrayInput label={label} optionText="name" />
      </ReferenceArrayInput>
    ) : (
      <ReferenceInput source={source} reference={ref} perPage={100}>
        <AutocompleteInput label={label} optionText="name" />
      </ReferenceInput>
    );
  }
  if (choices) {
    const options = choices.map((v) => ({ id: v, name: translate(valueLabel(def, name, v), { _: String(v) }) }));
    return <SelectInput source={source} label={label} choices={options} />;
  }
  if (schema.type === 'boolean') return <BooleanInput source={source} label={label} />;
  if (schema.type === 'integer' || schema.type === 'number') return <NumberInput source={source} label={label} />;
  if (schema.type === 'array' && schema.items?.type === 'object') {
    const item = schema.items.properties ?? {};
    return (
      <ArrayInput source={source} label={label}>
        <SimpleFormIterator inline>
          {Object.entries(item).map(([k, s]) => (
            <SchemaInput key={k} def={def} name={k} schema={s} source={k} />
          ))}
        </SimpleFormIterator>
      </ArrayInput>
    );
  }
  if (schema.type === 'array') {
    return (
      <ArrayInput source={source} label={label}>
        <SimpleFormIterator inline>
          <TextInput source="" label={false} />
        </SimpleFormIterator>
      </ArrayInput>
    );
  }
  if (schema.kind === 'password') return <PasswordInput source={source} label={label} />;
  return <TextInput source={source} label={label} multiline={(schema.maxLength ?? 0) > 100} />;
};
