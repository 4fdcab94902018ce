import { lazy, Suspense, useEffect, useState } from 'react';
import { onToast, type Toast } from '../../dataProvider/events.ts';

// The snackbar and alert load with the first toast; the queue listens from the start, so none is lost.
const ToastView = lazy(() => import('./ToastView.tsx'));

/** Shows the http client's toasts (and the console's notifications) one at a time. */
export const Toaster = () => {
  const [queue, setQueue] = useState<(Toast & { id: number })[]>([]);
  useEffect(() => onToast((t) => setQueue((q) => [...q, { ...t, id: Date.now() + Math.random() }])), []);
  const current = queue[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ToastView key={current.id} toast={current} onClose={() => setQueue((q) => q.slice(1))} />
    </Suspense>
  );
};
