import { SaveButton, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { useMemo } from 'react';
import { z } from 'zod';
import type { ResourceDef } from '../../resources/types.ts';
import { SchemaInput, type JsonSchema } from './inputs.tsx';
import { formSchema, zodValidator } from './validate.ts';

/** Create and edit forms: inputs from the zod schema through JSON Schema, checked by the same schema. */
/** `saveOnly`: a toolbar without delete (a BU's one row, which is changed, never removed, from its page). */
export const SchemaForm = ({ def, mode, saveOnly }: { def: ResourceDef; mode: 'create' | 'edit'; saveOnly?: boolean }) => {
  const translate = useTranslate();
  const { properties, defaults } = useMemo(() => {
    const json = z.toJSONSchema(formSchema(def, mode), { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const props = json.properties ?? {};
    return { properties: props, defaults: Object.fromEntries(Object.entries(props).filter(([, s]) => s.default !== undefined).map(([k, s]) => [k, s.default])) };
  }, [def, mode]);
  const validate = useMemo(() => zodValidator(def, mode, (k, p) => translate(k, p)), [def, mode, translate]);
  return (
    <SimpleForm
      validate={validate}
      defaultValues={mode === 'create' ? defaults : undefined}
      toolbar={
        saveOnly ? (
          <Toolbar>
            <SaveButton />
          </Toolbar>
        ) : undefined
      }
    >
      {Object.entries(properties).map(([name, schema]) => (
        <SchemaInput key={name} def={def} name={name} schema={schema} />
      ))}
    </SimpleForm>
  );
};
