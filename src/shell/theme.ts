import type { ThemeOptions } from '@mui/material';
import { tokens } from './tokens.ts';

const { colour, font, radius } = tokens;
const rem = (n: number) => `${n}rem`;

/**
 * The product's theme, built from the design tokens and shared by the public pages and both
 * consoles. Each main colour carries white text at WCAG AA contrast (≥ 4.5:1) and reads at AA as
 * text on the page background: MUI's defaults do not (#1976d2 on #fafafb is 4.41:1, white on #ed6c02 3.11:1).
 */
export const themeOptions = {
  palette: {
    primary: { main: colour.brand, dark: colour.brandDark },
    secondary: { main: colour.accent },
    warning: { main: colour.warning },
    info: { main: colour.info },
    success: { main: colour.success },
    error: { main: colour.error },
    background: { default: colour.page, paper: colour.paper },
    text: { primary: colour.text, secondary: colour.textMuted },
    divider: colour.line,
  },
  shape: { borderRadius: radius.small },
  spacing: tokens.space,
  typography: {
    fontFamily: font.family,
    h1: { fontSize: rem(font.scale.h1), fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.01em' },
    h2: { fontSize: rem(font.scale.h2), fontWeight: 700, lineHeight: 1.25 },
    h3: { fontSize: rem(font.scale.h3), fontWeight: 600, lineHeight: 1.3 },
    h4: { fontSize: rem(font.scale.h4), fontWeight: 600, lineHeight: 1.4 },
    h5: { fontSize: rem(font.scale.h4), fontWeight: 600 },
    h6: { fontSize: rem(font.scale.body), fontWeight: 600 },
    body1: { fontSize: rem(font.scale.body), lineHeight: 1.65 },
    body2: { fontSize: rem(font.scale.small), lineHeight: 1.6 },
    caption: { fontSize: rem(font.scale.tiny) },
    button: { textTransform: 'none', fontWeight: 600 },
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderRadius: radius.medium } } },
  },
} satisfies ThemeOptions;
