import { defaultTheme } from 'react-admin';
import { themeOptions } from '../shell/theme.ts';

/** react-admin's default theme with the product's tokens: colours, type family, shape and component defaults (both consoles). */
export const consoleTheme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...themeOptions.palette },
  shape: themeOptions.shape,
  typography: { ...defaultTheme.typography, fontFamily: themeOptions.typography.fontFamily, button: themeOptions.typography.button },
  components: { ...defaultTheme.components, ...themeOptions.components },
};
