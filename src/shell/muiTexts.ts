import type { ThemeOptions } from '@mui/material';

type Translate = (key: string, params?: Record<string, unknown>) => string;
type Components = NonNullable<ThemeOptions['components']>;

/**
 * MUI's own words (an Autocomplete's Open and Clear buttons, a pagination's page names, an
 * alert's Close, a progress indicator's name) in the reader's language, as theme defaults: every
 * use of these components, on the site and in both consoles, says them in the page's language
 * without repeating them.
 */
export const muiTexts = (t: Translate): Components => ({
  MuiAutocomplete: { defaultProps: { openText: t('mui.open'), closeText: t('mui.close'), clearText: t('mui.clear'), noOptionsText: t('mui.no_options'), loadingText: t('mui.loading') } },
  MuiAlert: { defaultProps: { closeText: t('mui.dismiss') } },
  // A spinner or bar without a name of its own (react-admin's Loading, its pages' default while loading) is still named.
  MuiCircularProgress: { defaultProps: { 'aria-label': t('mui.loading') } },
  MuiLinearProgress: { defaultProps: { 'aria-label': t('mui.loading') } },
  MuiBreadcrumbs: { defaultProps: { expandText: t('mui.show_path') } },
  MuiPagination: {
    defaultProps: { getItemAriaLabel: (type, page, selected) => (type === 'page' ? t(selected ? 'mui.page' : 'mui.go_to_page', { page }) : t(`mui.go_${type}`)) },
  },
  MuiTablePagination: {
    defaultProps: {
      labelRowsPerPage: t('mui.rows_per_page'),
      labelDisplayedRows: ({ from, to, count }) => t(count === -1 ? 'mui.displayed_rows_more' : 'mui.displayed_rows', { from, to, count }),
      getItemAriaLabel: (type) => t(`mui.go_${type}`),
    },
  },
});

/** `components` with the texts added to each component's own defaults (a theme's MuiAutocomplete keeps its other props). */
export const withMuiTexts = (components: Components, t: Translate): Components => {
  const texts = muiTexts(t) as Record<string, { defaultProps: object }>;
  const own = components as Record<string, { defaultProps?: object } | undefined>;
  return { ...components, ...Object.fromEntries(Object.entries(texts).map(([name, c]) => [name, { ...own[name], defaultProps: { ...own[name]?.defaultProps, ...c.defaultProps } }])) };
};
