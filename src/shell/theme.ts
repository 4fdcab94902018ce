import type { ThemeOptions } from '@mui/material';

/**
 * The product's colours and component defaults, shared by the public pages and both consoles.
 * Each main colour carries white text at WCAG AA contrast (≥ 4.5:1) and reads at AA as text on the
 * page background: MUI's defaults do not (#1976d2 on #fafafb is 4.41:1, white on #ed6c02 3.11:1).
 */
export const themeOptions = {
  palette: {
    primary: { main: '#1f5fbf' },
    warning: { main: '#a34c00' },
    info: { main: '#01579b' },
    success: { main: '#1b6e20' },
    error: { main: '#c62828' },
  },
  components: {
    MuiCheckbox: {
      defaultProps: {
        // A checkbox given an `aria-label` (react-admin's row selection) names its input, not the
        // span around it: a span may not carry the label, and the input would have no name.
        slotProps: {
          root: (state: { 'aria-label'?: string }) => (state['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (state: { 'aria-label'?: string }) => (state['aria-label'] ? { 'aria-label': state['aria-label'] } : {}),
        },
      },
    },
  },
} satisfies ThemeOptions;
