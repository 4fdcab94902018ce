import createCache from '@emotion/cache';
import { Autocomplete, CircularProgress, LinearProgress, Pagination, TextField } from '@mui/material';
import { Loading } from 'react-admin';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../i18n/ui/en.ts';
import hk from '../../i18n/ui/hk.ts';
import zh from '../../i18n/ui/zh.ts';
import { loadLanguage } from '../../i18n/client.ts';
import { useConsoleTheme } from '../../src/console/theme.ts';
import { LangProvider } from '../../src/shell/LangContext.tsx';
import { Providers } from '../../src/shell/Providers.tsx';

/**
 * MUI's own words (an Autocomplete's Open and Clear, a pagination's page names) follow the page's
 * language from the theme, on the site and in the consoles: a Chinese screen once read "Open" and
 * "Clear" to a screen reader.
 */
const WORDS = { zh: zh.mui, hk: hk.mui, en: en.mui };
afterEach(cleanup);

describe.each(['zh', 'hk', 'en'] as const)('MUI in %s', (lang) => {
  it("the site's theme names an Autocomplete's buttons and a pagination's pages in the language", async () => {
    await loadLanguage(lang);
    await act(async () => {
      render(
        <Providers cache={createCache({ key: 'css' })} lang={lang}>
          <Autocomplete options={['Alpha', 'Beta']} value="Alpha" renderInput={(params) => <TextField {...params} label="Pick" />} />
          <Pagination count={3} page={1} />
          <CircularProgress />
          <LinearProgress />
          <Loading timeout={0} />
        </Providers>,
      );
    });
    expect(screen.getByRole('button', { name: WORDS[lang].open })).toBeTruthy();
    // The clear button comes with focus on a filled input.
    act(() => screen.getByRole('combobox').focus());
    expect(screen.getByRole('button', { name: WORDS[lang].clear, hidden: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: WORDS[lang].go_to_page.replace('%{page}', '2') })).toBeTruthy();
    expect(screen.getByRole('button', { name: WORDS[lang].go_next })).toBeTruthy();
    // Progress indicators with no name of their own, react-admin's Loading among them (axe: aria-progressbar-name).
    // react-admin's shows after its timeout, 0 here but still a timer.
    await waitFor(() => expect(screen.getAllByRole('progressbar', { name: WORDS[lang].loading })).toHaveLength(3));
  });

  it("the consoles' theme carries the same words beside react-admin's own defaults", async () => {
    await loadLanguage(lang);
    let theme!: ReturnType<typeof useConsoleTheme>;
    const Probe = () => {
      theme = useConsoleTheme();
      return null;
    };
    render(
      <LangProvider initial={lang}>
        <Probe />
      </LangProvider>,
    );
    const components = theme.components as Record<string, { defaultProps?: Record<string, unknown> }>;
    expect(components.MuiAutocomplete.defaultProps).toMatchObject({ openText: WORDS[lang].open, clearText: WORDS[lang].clear, noOptionsText: WORDS[lang].no_options });
    expect(components.MuiAlert.defaultProps).toMatchObject({ closeText: WORDS[lang].dismiss });
    expect(components.MuiCircularProgress.defaultProps).toMatchObject({ 'aria-label': WORDS[lang].loading });
    expect(components.MuiButton.defaultProps).toMatchObject({ disableElevation: true });
  });
});
