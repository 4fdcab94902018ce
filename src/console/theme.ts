import { grey } from '@mui/material/colors';
import { useMemo } from 'react';
import { defaultTheme } from 'react-admin';
import { useLang } from '../shell/LangContext.tsx';
import { withMuiTexts } from '../shell/muiTexts.ts';
import { themeOptions } from '../shell/theme.ts';

/** react-admin's default theme with the product's tokens: colours, type family, shape and component defaults (both consoles). */
export const consoleTheme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...themeOptions.palette },
  shape: themeOptions.shape,
  typography: { ...defaultTheme.typography, fontFamily: themeOptions.typography.fontFamily, button: themeOptions.typography.button },
  components: {
    ...defaultTheme.components,
    ...themeOptions.components,
    // A form's toolbar one shade lighter than react-admin's grey[300], on which the red Delete reads at 4.26:1; on grey[200] it is 4.85:1 (AA).
    RaToolbar: { styleOverrides: { root: { backgroundColor: grey[200] } } },
    // A slow page's "loading" words are read, not decoration: react-admin greys them to text.disabled (about 2.5:1); text.secondary reads at AA.
    RaLoading: { styleOverrides: { root: ({ theme }: { theme: { palette: { text: { secondary: string } } } }) => ({ '& .RaLoading-message': { color: theme.palette.text.secondary } }) } },
    // With nothing selected the bulk actions are folded away; hidden, they leave the tab order too (keyboard users never land on them).
    RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
  },
};

/** The console's theme with MUI's own words in the reader's language (react-admin's theme replaces the shell's). */
export const useConsoleTheme = () => {
  const { t } = useLang();
  return useMemo(() => ({ ...consoleTheme, components: withMuiTexts(consoleTheme.components, t) }), [t]);
};
