import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { AutocompleteArrayInput, Button, Form, ReferenceArrayInput, SaveButton } from 'react-admin';
import type { RecordAction } from '../../resources/types.ts';

/**
 * The dialog of a record action that asks for input (records to pick). A chunk of its own
 * (src/console/RecordActions.tsx loads it when the dialog first opens): lists need none of its form code.
 */
const RecordActionForm = ({ open, label, defName, input, reference, optionText, initial, onClose, onSubmit }: {
  open: boolean;
  label: string;
  defName: string;
  input: NonNullable<RecordAction['input']>;
  reference: string;
  /** The field naming a row of the reference (its definition's `titleField`). */
  optionText: string;
  initial: unknown;
  onClose(): void;
  onSubmit(values: Record<string, unknown>): void;
}) => (
  <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
    <Form noValidate record={{ [input.field]: initial ?? [] }} onSubmit={(values: Record<string, unknown>) => onSubmit({ [input.field]: values[input.field] ?? [] })}>
      <DialogTitle>{label}</DialogTitle>
      <DialogContent>
        <ReferenceArrayInput source={input.field} reference={reference}>
          <AutocompleteArrayInput label={`resources.${defName}.fields.${input.field}`} optionText={optionText} />
        </ReferenceArrayInput>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <SaveButton alwaysEnable data-testid="action-save" />
      </DialogActions>
    </Form>
  </Dialog>
);

export default RecordActionForm;
