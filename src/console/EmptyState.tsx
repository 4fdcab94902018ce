import { Alert } from '@mui/material';
import type { ReactNode } from 'react';

/** Shown where a page has nothing to show yet: never invented rows. */
export const Empty = ({ text, action }: { text: string; action?: ReactNode }) => (
  <Alert severity="info" data-testid="empty-state" action={action}>
    {text}
  </Alert>
);
