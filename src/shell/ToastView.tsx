import { Alert, Snackbar } from '@mui/material';
import type { Toast } from '../../dataProvider/events.ts';

/** One toast (a lazy chunk, see Toaster.tsx). */
const ToastView = ({ toast, onClose }: { toast: Toast; onClose: () => void }) => (
  <Snackbar open autoHideDuration={toast.duration} onClose={(_, reason) => reason !== 'clickaway' && onClose()} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
    <Alert severity={toast.type} variant="filled" onClose={onClose} data-testid="toast">
      {toast.message}
    </Alert>
  </Snackbar>
);

export default ToastView;
