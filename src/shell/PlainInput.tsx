import { Box, type SxProps, type Theme } from '@mui/material';
import type { InputHTMLAttributes } from 'react';

/**
 * A bare text field as MUI's InputBase draws it (the theme's body text, no box of its own), for the
 * public search boxes. InputBase would bring its multiline TextareaAutosize and global styles into
 * the home page (~4 KB gzipped) for one single-line input. Like InputBase it draws no focus ring:
 * the box around it shows the focus (`:focus-within`).
 */
export const PlainInput = ({ sx, ...props }: InputHTMLAttributes<HTMLInputElement> & { sx?: SxProps<Theme> }) => (
  <Box
    component="input"
    {...props}
    sx={[
      (theme) => ({
        ...theme.typography.body1,
        lineHeight: '1.4375em',
        color: 'inherit',
        bgcolor: 'transparent',
        border: 0,
        outline: 0,
        m: 0,
        p: '4px 0 5px',
        minWidth: 0,
        width: '100%',
        '&::placeholder': { color: 'currentColor', opacity: theme.palette.mode === 'light' ? 0.42 : 0.5 },
      }),
      ...(Array.isArray(sx) ? sx : [sx]),
    ]}
  />
);
