import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { onToast, type Toast } from '../../dataProvider/events.ts';

/** Shows the http client's toasts (and the console's notifications) one at a time. */
export const Toaster = () => {
  const [queue, setQueue] = useState<(Toast & { id: number })[]>([]);
  useEffect(() => onToast((t) => setQueue((q) => [...q, { ...t, id: Date.now() + Math.random() }])), []);
  const current = queue[0];
  const close = () => setQueue((q) => q.slice(1));
  return (
    <Snackbar key={current?.id} open={!!current} autoHideDuration={current?.duration} onClose={(_, reason) => reason !== 'clickaway' && close()} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      {current ? (
        <Alert severity={current.type} variant="filled" onClose={close} data-testid="toast">
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
};
