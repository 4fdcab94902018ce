// MUI's theme takes its CSS-variables path (createThemeWithVars, CssVarsProvider: ~7 KB gzipped
// with what they import) only for a theme with `cssVariables` or `colorSchemes`. The product's
// theme (src/shell/theme.ts) has a palette and neither, so `createTheme` and `ThemeProvider` never
// call these; vite.config.ts points their imports here (tests/web/theme.test.ts holds the theme to that).
const notBuiltIn = () => {
  throw new Error('MUI CSS variables are not built in (src/shims/mui-css-vars.ts): the theme must not set cssVariables or colorSchemes');
};
export default notBuiltIn;
export const CssVarsProvider = notBuiltIn;
