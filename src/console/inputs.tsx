import { useQuery } from '@tanstack/react-query';
import { TextField as MuiTextField } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput, AutocompleteArrayInput, FieldTitle, DateInput, DateTimeInput, AutocompleteInput, BooleanInput, InputHelperText, NumberInput, PasswordInput, ReferenceArrayInput,
  ReferenceInput, SelectArrayInput, SelectInput, SimpleFormIterator, TextInput, useDataProvider, useInput, useRecordContext, useTranslate,
} from 'react-admin';
import { resourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDataProvider } from '../../dataProvider/dataProvider.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { centsText, parseCents } from '../../schemas/money.ts';
import { readerZone } from '../shell/dates.ts';
import { allRowsQuery, listsAll } from './allRows.ts';
import { FilesInput } from './FilesInput.tsx';
import { ImageInput } from './ImageInput.tsx';
import { MarkdownInput } from './MarkdownInput.tsx';
import { AudienceInput } from './AudiencePicker.tsx';
import { ResourceInput, ViewColumnsInput, ViewSummary } from './ListDesign.tsx';

/** Only product staff open it: loaded then. */
const ColumnDesigner = lazy(() => import('./ColumnDesigner.tsx'));
import { choicesOf, fieldLabel, mayBeParent, nonNull, referenceOf, titleFieldOf, valueLabel, type JsonSchema } from './registry.ts';
import { useTitle } from './useTitle.ts';
import { useRouteOf } from './routeOf.tsx';
import { buildTree, findNode, subtreeIds, treePaths } from './tree.ts';

export type { JsonSchema } from './registry.ts';

interface Props {
  def: ConsoleDef;
  name: string;
  schema: JsonSchema;
  /** Source inside an array item. */
  source?: string;
  /** The field's label key (the field's own by default). */
  label?: string;
  /** The schema refuses it empty: marked (an asterisk and `aria-required`), never the browser's own `required`. */
  required?: boolean;
}

/**
 * How a required input says so: react-admin's asterisk (`isRequired`) and `aria-required` on the
 * control itself (a select's is its combobox). No `required` attribute: the browser's own tooltip,
 * in the browser's language, would never match the form's sentence.
 */
const marks = (required: boolean | undefined) => (required ? { isRequired: true, slotProps: { htmlInput: { 'aria-required': true } } } : {});
/** A select of a field that must hold a value offers no empty choice: react-admin leaves it out of a required input. */
const selectMarks = (required: boolean | undefined) =>
  required ? { isRequired: true, slotProps: { select: { SelectDisplayProps: { 'aria-required': 'true' } as HTMLAttributes<HTMLDivElement> } } } : {};

/**
 * A reference to a definition with `tree` (a permission's parent, a member's department): every row
 * of the target, each shown by its path ("System / Roles / Add"). Editing a row of the tree itself,
 * its own subtree is left out (a node cannot move under itself).
 */
const TreePicker = ({ def, target, route, source, label, array, required }: { def: ConsoleDef; target: ConsoleDef; route: string; source: string; label: string; array: boolean; required?: boolean }) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const record = useRecordContext();
  const bu = useBuOf(route, target);
  const rows = useQuery({ ...allRowsQuery(dataProvider, route, bu === undefined ? undefined : { bu_guid: bu }), enabled: bu !== null });
  const title = useTitle();
  const parent = target.relations!.tree!.parent;
  const choices = useMemo(() => {
    const all = rows.data ?? [];
    const tree = buildTree(all, parent);
    const own = def.name === target.name && record?.id !== undefined ? findNode(tree, record.id) : undefined;
    // Not the record itself or its descendants, nor rows that hold no others (`tree.parents`) when picking a parent.
    const skip = new Set([...(own ? subtreeIds(own) : []), ...(source === parent ? all.filter((r) => !mayBeParent(target, r)).map((r) => r.id) : [])]);
    const paths = treePaths(all, parent, (r) => title(target, r));
    // In tree order (each row before its children, siblings as the server sorts them).
    return tree.flatMap(subtreeIds).filter((id) => !skip.has(id)).map((id) => ({ id, name: paths.get(id) ?? String(id) }));
  }, [rows.data, def.name, target, parent, record?.id, source, title]);
  const common = { source, label, choices, isPending: bu !== null && rows.isPending, isRequired: required };
  return array ? <AutocompleteArrayInput {...common} /> : <AutocompleteInput {...common} />;
};

/**
 * The BU whose rows a picker offers when it reads them through an operator's mount over every BU
 * (a staff member's department, superior, position): the form's `bu_guid`, as the server takes
 * references from the record's own BU only (server/engine/relations.ts). `undefined`: not bound to
 * a BU; `null`: bound, and no BU is chosen yet (nothing is offered).
 */
const useBuOf = (route: string, target: ConsoleDef) => {
  const bu = useWatch({ name: 'bu_guid' }) as string | undefined;
  const bound = resourceCalls(route).mount.scope === 'oversight' && (target.api.filters ?? []).some((f) => f.field === 'bu_guid');
  return bound ? bu || null : undefined;
};

/** A reference field: a picker over the target's rows by their title, a path picker for a tree. */
export const ReferencePicker = ({ def, target, source, label, array, required }: { def: ConsoleDef; target: ConsoleDef; source: string; label: string; array: boolean; required?: boolean }) => {
  const route = useRouteOf()(target);
  const title = useTitle();
  const bu = useBuOf(route, target);
  if (target.relations?.tree && listsAll(route)) return <TreePicker def={def} target={target} route={route} source={source} label={label} array={array} required={required} />;
  const optionText = target.admin.labelKeys ? (r: Record<string, unknown>) => title(target, r) : titleFieldOf(target);
  const own = bu === undefined ? {} : { filter: { bu_guid: bu }, enableGetChoices: () => bu !== null };
  return array ? (
    <ReferenceArrayInput source={source} reference={route} {...own}>
      <AutocompleteArrayInput label={label} optionText={optionText} isRequired={required} />
    </ReferenceArrayInput>
  ) : (
    <ReferenceInput source={source} reference={route} perPage={100} {...own}>
      <AutocompleteInput label={label} optionText={optionText} isRequired={required} />
    </ReferenceInput>
  );
};

/**
 * An amount kept in cents, typed in the currency's units ("1200.50"): converted by digits, never
 * through a float. What is typed stays as typed; text that is no such amount goes to the form as
 * text, so the schema's sentence shows under it.
 */
const MoneyInput = ({ source, label, required }: { source: string; label: string; required?: boolean }) => {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source, isRequired: required });
  const shown = typeof field.value === 'number' ? centsText(field.value) : ((field.value as string | null | undefined) ?? '');
  const [text, setText] = useState<string>();
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <MuiTextField
      label={<FieldTitle label={label} isRequired={isRequired} />}
      value={text ?? shown}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(e.target.value.trim() === '' ? null : (parseCents(e.target.value) ?? e.target.value));
      }}
      onBlur={() => {
        setText(undefined);
        field.onBlur();
      }}
      error={!!error}
      helperText={<InputHelperText error={error} />}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-required': isRequired || undefined, 'data-testid': `money-${source}` } }}
      size="small"
      margin="dense"
      name={field.name}
    />
  );
};

/**
 * A select whose choices another field decides (a custom field's form types by its data type): only
 * the fitting ones are offered, and a value that no longer fits is cleared, or set when one fits.
 */
const DependentSelect = ({ source, label, options, by, required }: {
  source: string;
  label: string;
  options: { id: string | number; name: string }[];
  by: NonNullable<JsonSchema['choicesBy']>;
  required?: boolean;
}) => {
  const decider = useWatch({ name: by.field }) as string | number | null | undefined;
  const { setValue, getValues } = useFormContext();
  const allowed = decider === null || decider === undefined || decider === '' ? undefined : by.choices[String(decider)];
  const offered = allowed ? options.filter((o) => allowed.includes(o.id)) : options;
  useEffect(() => {
    if (!allowed) return;
    const current = getValues(source);
    if (allowed.includes(current)) return;
    setValue(source, allowed.length === 1 ? allowed[0] : null, { shouldDirty: true });
  }, [allowed, source, getValues, setValue]);
  return <SelectInput source={source} label={label} choices={offered} {...selectMarks(required)} />;
};

/** One input chosen from the field's JSON Schema: the only path from a definition to a form. */
export const SchemaInput = ({ def, name, schema: raw, source = name, label = fieldLabel(def, name), required }: Props) => {
  const translate = useTranslate();
  const schema = nonNull(raw);
  const array = schema.type === 'array';
  // How lists look (docs/views.md): a list, who for, its columns, a view's parts.
  if (schema.kind === 'resource') return <ResourceInput source={source} label={label} />;
  if (schema.kind === 'audience') return <AudienceInput source={source} label={label} />;
  if (schema.kind === 'columns') return <Suspense fallback={null}><ColumnDesigner source={source} label={label} /></Suspense>;
  if (schema.kind === 'view-columns') return <ViewColumnsInput source={source} label={label} />;
  if (schema.kind === 'view-filters' || schema.kind === 'view-sort') return <ViewSummary source={source} label={label} />;
  const target = referenceOf(def, name);
  if (target) return <ReferencePicker def={def} target={target} source={source} label={label} array={array} required={required} />;
  // Coded fields (an enum, `codes(...)`, a list of either) are selects of their translated values.
  const choices = choicesOf(array && schema.items ? schema.items : schema);
  if (choices) {
    // A field with a default always holds a value: its select offers no empty choice either.
    const filled = required || schema.default !== undefined;
    const options = choices.map((v) => ({ id: v, name: translate(valueLabel(def, name, v), { _: String(v) }) }));
    if (!array && schema.choicesBy) return <DependentSelect source={source} label={label} options={options} by={schema.choicesBy} required={filled} />;
    return array ? <SelectArrayInput source={source} label={label} choices={options} {...selectMarks(required)} /> : <SelectInput source={source} label={label} choices={options} {...selectMarks(filled)} />;
  }
  if (schema.type === 'boolean') return <BooleanInput source={source} label={label} />;
  if (schema.kind === 'money') return <MoneyInput source={source} label={label} required={required} />;
  if (schema.type === 'integer' || schema.type === 'number') return <NumberInput source={source} label={label} {...marks(required)} />;
  // Uploaded images (`image()`): a picker checked by the field's rule, with a preview.
  const imageRule = (array ? schema.items : schema)?.image;
  if (imageRule) return <ImageInput def={def} field={name} source={source} label={label} rule={imageRule} multiple={array} required={required} />;
  if (array && schema.items?.type === 'object') {
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
  if (array && schema.kind === 'files') return <FilesInput def={def} source={source} label={label} />;
  if (array) {
    return (
      <ArrayInput source={source} label={label}>
        <SimpleFormIterator inline>
          {/* Each item is named by the list's label: without a label of its own it would be a field nobody can name. */}
          <TextInput source="" label={false} slotProps={{ htmlInput: { 'aria-label': translate(label) } }} />
        </SimpleFormIterator>
      </ArrayInput>
    );
  }
  // Dates and times (`date()`, `datetime()`, `clockTime()`) are picked, or typed in the locale's format: nobody types ISO 8601.
  if (schema.kind === 'date') return <DateInput source={source} label={label} {...marks(required)} />;
  // An instant: picked in the person's time zone, sent as ISO 8601 in UTC.
  if (schema.kind === 'datetime') return <DateTimeInput source={source} label={label} {...marks(required)} helperText={translate('dates.in_zone', { zone: readerZone() })} parse={(v: string) => (v ? new Date(v).toISOString() : null)} />;
  if (schema.kind === 'clock') return <TextInput source={source} label={label} type="time" {...marks(required)} />;
  // A sealed secret is never answered: the input starts empty and replaces the stored one only when typed in.
  if (schema.kind === 'password' || schema.kind === 'sealed') return <PasswordInput source={source} label={label} {...marks(required)} />;
  if (schema.kind === 'markdown') return <MarkdownInput def={def} source={source} label={label} />;
  return <TextInput source={source} label={label} multiline={schema.kind === 'textarea' || (schema.maxLength ?? 0) > 100} {...marks(required)} />;
};
