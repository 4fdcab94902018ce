import { Button, SaveButton, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { useMemo, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { jsonSchema, type ConsoleDef, type JsonSchema } from '../../resources/console-defs.ts';
import { ReferencePicker, SchemaInput } from './inputs.tsx';
import { defByName } from './registry.ts';

const buDef = defByName('bu');
import { formSchema, requiredFields, zodValidator } from './validate.ts';

/** A field of one choice of another (`shownWhen`: SSO's OIDC or SAML fields): shown only while that choice is made. */
const ShownWhen = ({ when, children }: { when: NonNullable<JsonSchema['shownWhen']>; children: ReactNode }) => {
  const value = useWatch({ name: when.field }) as string | number | undefined;
  return when.values.includes(value as string | number) ? children : null;
};

/**
 * Create and edit forms: inputs from the zod schema through JSON Schema, checked by the same schema.
 * `saveOnly`: a toolbar without delete (a BU's one row, which is changed, never removed, from its page).
 * `hidden`: fields the form carries without showing (a payment's order, set by the order's page).
 * `owner`: an operator's new row of a BU's definition names its BU first.
 * `onCancel`: the form is a dialog's (a payment on an order's page): Save and Cancel, nothing else.
 * `after`: a screen's own part inside the form, below the fields, reading its values (SSO's IdP addresses).
 */
export const SchemaForm = ({ def, mode, saveOnly, hidden = [], owner, onCancel, after }: {
  def: ConsoleDef;
  mode: 'create' | 'edit';
  saveOnly?: boolean;
  hidden?: readonly string[];
  owner?: boolean;
  onCancel?: () => void;
  after?: ReactNode;
}) => {
  const translate = useTranslate();
  const { properties, defaults, required } = useMemo(() => {
    const props = jsonSchema(formSchema(def, mode)).properties ?? {};
    return {
      properties: props,
      defaults: Object.fromEntries(Object.entries(props).filter(([, s]) => s.default !== undefined).map(([k, s]) => [k, s.default])),
      required: requiredFields(def),
    };
  }, [def, mode]);
  const validate = useMemo(() => {
    const schema = zodValidator(def, mode, (k, p) => translate(k, p));
    // The BU is no schema field: the form asks for it as the server will.
    return owner ? (values: Record<string, unknown>) => ({ ...(values.bu_guid ? {} : { bu_guid: translate('validation.field_error', { field: translate('common.fields.bu_guid'), message: translate('validation.required') }) }), ...schema(values) }) : schema;
  }, [def, mode, translate, owner]);
  return (
    <SimpleForm
      // The browser's own checks and tooltips stay silent: the schema's sentence, in the person's language, is the one shown.
      noValidate
      validate={validate}
      defaultValues={mode === 'create' ? defaults : undefined}
      toolbar={
        saveOnly || onCancel ? (
          <Toolbar sx={{ gap: 1 }}>
            <SaveButton />
            {onCancel && <Button label="ra.action.cancel" onClick={onCancel} data-testid="form-cancel" />}
          </Toolbar>
        ) : undefined
      }
    >
      {owner && buDef && <ReferencePicker def={def} target={buDef} source="bu_guid" label={translate('common.fields.bu_guid')} array={false} required />}
      {Object.entries(properties)
        .filter(([name]) => !hidden.includes(name))
        .map(([name, schema]) =>
          schema.shownWhen ? (
            <ShownWhen key={name} when={schema.shownWhen}>
              <SchemaInput def={def} name={name} schema={schema} required={required.has(name)} />
            </ShownWhen>
          ) : (
            <SchemaInput key={name} def={def} name={name} schema={schema} required={required.has(name)} />
          ),
        )}
      {after}
    </SimpleForm>
  );
};
