import { Typography } from '@mui/material';
import type CoreForm from '@rjsf/core';
import Form from '@rjsf/mui';
import { englishStringTranslator, replaceStringParameters, TranslatableString, type RJSFSchema, type TitleFieldProps } from '@rjsf/utils';
import { useMemo, type Ref } from 'react';
import { useLang } from '../../shell/LangContext.tsx';
import { OpenValueField } from './OpenValueField.tsx';
import { createValidator } from './validator.ts';

/** rjsf's own words (buttons, "Type", "Value", …) by enum name: `AddItemButton` → `debug.form.add_item_button`. */
const FORM_KEYS = new Map(Object.entries(TranslatableString).map(([name, text]) => [text, `debug.form.${name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}`]));

/** Field-group titles sit under the page's h2 sections; rjsf's MUI theme would make them h5. */
const TitleField = ({ id, title, optionalDataControl }: TitleFieldProps) => (
  <Typography id={id} variant="subtitle1" component="h3" sx={{ mt: 1, fontWeight: 500 }}>
    {title}
    {optionalDataControl}
  </Typography>
);

const uiSchema = { 'ui:submitButtonOptions': { norender: true } };
const templates = { TitleFieldTemplate: TitleField };
const fields = { FallbackField: OpenValueField };

/**
 * The request body as a form generated from the call's JSON Schema. The page's Send button sends,
 * so rjsf's submit button is hidden; `formRef.validateForm()` checks the body first.
 */
export const BodyForm = ({ schema, formData, onChange, formRef }: { schema: RJSFSchema; formData: unknown; onChange(data: unknown): void; formRef: Ref<CoreForm> }) => {
  const { t } = useLang();
  const validator = useMemo(() => createValidator(t), [t]);
  const translateString = useMemo(
    () => (str: TranslatableString, params?: string[]) => {
      // A string a later rjsf adds, with no message of ours yet, stays in rjsf's English.
      const key = FORM_KEYS.get(str);
      const text = key && t(key);
      return text && text !== key ? replaceStringParameters(text, params) : englishStringTranslator(str, params);
    },
    [t],
  );
  return (
    <Form
      ref={formRef}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      translateString={translateString}
      templates={templates}
      onChange={(e) => onChange(e.formData)}
      // The errors show under their fields; without a handler rjsf would also log them.
      onError={() => undefined}
      idPrefix="debug-body"
      showErrorList={false}
      noHtml5Validate
      fields={fields}
    />
  );
};
