import SearchIcon from '@mui/icons-material/Search';
import { Box, Button } from '@mui/material';
import { PlainInput } from '../shell/PlainInput.tsx';
import { tokens } from '../shell/tokens.ts';

/**
 * The public pages' search box: a `role="search"` form with its icon, field and button; Enter or
 * the button submits. `hero` is the home page's larger, raised one.
 */
export const SearchForm = ({ value, onChange, onSubmit, label, placeholder = label, button, testId, maxLength = 64, hero = false }: {
  value: string;
  onChange(value: string): void;
  onSubmit(value: string): void;
  label: string;
  placeholder?: string;
  button: string;
  testId: string;
  maxLength?: number;
  hero?: boolean;
}) => (
  <Box
    component="form"
    role="search"
    onSubmit={(e) => {
      e.preventDefault();
      onSubmit(value.trim());
    }}
    sx={{
      display: 'flex', alignItems: 'center', maxWidth: 640, bgcolor: 'background.paper', color: 'text.primary', borderRadius: `${tokens.radius.medium}px`,
      pl: hero ? 2 : 1.5, pr: hero ? 0.75 : 0.5, py: hero ? 0.75 : 0.5, ...(hero ? { boxShadow: tokens.shadow.raised } : { border: 1, borderColor: 'divider' }),
      // The field draws no focus of its own: the box shows it (white on the home page's dark hero).
      '&:focus-within': { outline: '2px solid', outlineColor: hero ? 'common.white' : 'primary.main', outlineOffset: 2 },
    }}
  >
    <SearchIcon color="action" />
    <PlainInput sx={{ ml: hero ? 1.5 : 1, flex: 1, fontSize: hero ? '1.05rem' : undefined }} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={label} maxLength={maxLength} data-testid={testId} />
    <Button type="submit" variant="contained">
      {button}
    </Button>
  </Box>
);
