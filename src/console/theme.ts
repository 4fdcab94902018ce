import { defaultTheme } from 'react-admin';
import { themeOptions } from '../shell/theme.ts';

/** react-admin's default theme with the product's colours and component defaults (both consoles). */
export const consoleTheme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...themeOptions.palette },
  components: { ...defaultTheme.components, ...themeOptions.components },
};
