import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/** How long typing pauses before the list asks again (react-admin's filter form waits as long). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A list's keyword search (`q`), without a form library: a list is usable before react-admin's
 * filter form (react-hook-form) has loaded, which only a list showing another filter needs. It
 * follows the list's filter when that changes from elsewhere (a view, "clear filters").
 */
export const SearchBox = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const current = typeof filterValues?.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);
  const latest = useRef({ filterValues, displayedFilters });
  latest.current = { filterValues, displayedFilters };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typing = useRef(false);

  useEffect(() => {
    if (!typing.current) setText(current);
  }, [current]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (value: string) => {
    typing.current = false;
    const { q: _, ...others } = latest.current.filterValues ?? {};
    setFilters(value ? { ...others, q: value } : others, latest.current.displayedFilters);
  };
  const change = (value: string) => {
    setText(value);
    typing.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(value), SEARCH_DEBOUNCE_MS);
  };
  const clear = () => {
    clearTimeout(timer.current);
    setText('');
    apply('');
  };
  const label = translate('ra.action.search');
  return (
    <TextField
      hiddenLabel
      size="small"
      margin="dense"
      value={text}
      placeholder={label}
      onChange={(e) => change(e.target.value)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        // Enter searches at once rather than after the pause.
        e.preventDefault();
        clearTimeout(timer.current);
        apply(text);
      }}
      data-testid="list-search"
      // As wide as react-admin's search input, the whole row on a phone; the browser's own clear button would stand beside this one.
      sx={{ width: { xs: '100%', sm: 256 }, '& input::-webkit-search-cancel-button': { display: 'none' } }}
      slotProps={{
        htmlInput: { 'aria-label': label, name: 'q', type: 'search' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {text ? (
                <IconButton size="small" onClick={clear} aria-label={translate('ra.action.clear_input_value')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              ) : (
                <SearchIcon color="disabled" />
              )}
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
