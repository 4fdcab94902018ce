import { Box, Button } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';
import { OPERATOR_CONSOLE, useConsoleNav } from '../src/shell/useConsoleNav.ts';

/**
 * The header's console entry: in the console, the sections the person may use (account, business,
 * developer — each opening its first page) for tenants, the operator console for operators; on the
 * public pages, one link into the console. Links, so a section opens in a new tab too. A narrow
 * screen has them in the menu drawer instead (ConsoleFrame.tsx) and the user menu's console entry.
 */
export const SectionNav = ({ scene }: { scene: 'open' | 'console' }) => {
  const { t } = useLang();
  const session = useSession();
  const { pathname } = useLocation();
  const { sections, start } = useConsoleNav();
  if (!session.signedIn || session.loading) return null;
  const entries =
    session.operator || scene === 'open'
      ? [{ key: session.operator ? OPERATOR_CONSOLE : 'console', label: session.operator ? 'header.operation' : 'header.console', url: start }]
      : sections;
  const current = (key: string) => scene === 'console' && (pathname === key || pathname.startsWith(`${key}/`));
  return (
    <Box component="nav" aria-label={t('header.sections')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 1 }} data-testid="section-nav">
      {entries.map((s) => (
        <Button
          key={s.key}
          color="inherit"
          component={Link}
          to={s.url}
          aria-current={current(s.key) ? 'page' : undefined}
          sx={{ whiteSpace: 'nowrap', borderBottom: 2, borderRadius: 0, borderColor: current(s.key) ? 'currentColor' : 'transparent' }}
          data-testid={`section-${s.key}`}
        >
          {t(s.label)}
        </Button>
      ))}
    </Box>
  );
};
