import { createTheme } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { themeOptions } from '../../src/shell/theme.ts';

/**
 * The build leaves MUI's CSS-variables theme and provider out (vite.config.ts, src/shims/mui-css-vars.ts):
 * that holds only while the product's theme takes MUI's path without CSS variables, in `createTheme`
 * (no `cssVariables`, no `colorSchemes` asked for) and in `ThemeProvider` (no `colorSchemes` on the theme).
 */
describe('the theme without CSS variables', () => {
  it('asks for no CSS variables and no colour schemes', () => {
    expect(Object.keys(themeOptions)).not.toContain('cssVariables');
    expect(Object.keys(themeOptions)).not.toContain('colorSchemes');
  });

  it('is built without colour schemes, so ThemeProvider takes the provider without variables', () => {
    const theme = createTheme(themeOptions);
    expect('colorSchemes' in theme).toBe(false);
    expect(theme.palette.primary.main).toBe(themeOptions.palette.primary.main);
  });
});
