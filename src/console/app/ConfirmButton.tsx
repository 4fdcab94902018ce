import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { useLang } from '../../shell/LangContext.tsx';

/** A button that asks first (disabling, resetting a secret, withdrawing): the dialog says what will happen. */
export const ConfirmButton = ({ label, question, onConfirm, testId, ...props }: ButtonProps & { label: string; question: string; onConfirm(): Promise<unknown>; testId: string }) => {
  const { t } = useLang();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The http client has shown the server's sentence.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" {...props} disabled={busy || props.disabled} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${testId}-title`}>
        <DialogTitle id={`${testId}-title`}>{label}</DialogTitle>
        <DialogContent>
          <DialogContentText>{question}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('apps.cancel')}</Button>
          <Button onClick={go} disabled={busy} variant="contained" color={props.color === 'error' ? 'error' : 'primary'} data-testid={`${testId}-confirm`} autoFocus>
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
