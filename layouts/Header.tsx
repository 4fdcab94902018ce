import HomeIcon from '@mui/icons-material/Home';
import HubIcon from '@mui/icons-material/Hub';
import SearchIcon from '@mui/icons-material/Search';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useLang } from '../src/shell/LangContext.tsx';
import { PlainInput } from '../src/shell/PlainInput.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { SectionNav } from './SectionNav.tsx';
import { UserMenu } from './UserMenu.tsx';


/** The unread badge (and its calls) load only for a signed-in reader: visitors' pages stay light. */
const UnreadBadge = lazy(() => import('./UnreadBadge.tsx').then((m) => ({ default: m.UnreadBadge })));

/** Logo → home; a search box on open pages; back-home on console pages (spec §2 "Header"). */
export const Header = ({ scene }: { scene: 'open' | 'console' }) => {
  const { t } = useLang();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  return (
    <AppBar position="sticky" elevation={1} color={scene === 'open' ? 'default' : 'primary'}>
      <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
        {/* On a phone the logo is its icon alone; the link keeps the product's name. */}
        <Box component={Link} to="/" aria-label={t('app.title')} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: { xs: 0, sm: 2 } }} data-testid="logo">
          <HubIcon />
          <Typography variant="h6" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
            {t('app.title')}
          </Typography>
        </Box>
        {scene === 'open' ? (
          <Box
            component="form"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              navigate(`/developer/search?query=${encodeURIComponent(query.trim())}`);
            }}
            sx={{ display: 'flex', alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, px: 1, width: 360, maxWidth: '40vw', minWidth: 0, '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' } }}
          >
            <SearchIcon fontSize="small" />
            <PlainInput sx={{ ml: 1, flex: 1 }} placeholder={t('header.search_placeholder')} value={query} onChange={(e) => setQuery(e.target.value)} aria-label={t('header.search_placeholder')} />
          </Box>
        ) : (
          <Button color="inherit" component={Link} to="/" startIcon={<HomeIcon />} aria-label={t('header.back_home')} sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }} data-testid="back-to-site">
            {/* A phone keeps the icon: the words would wrap the header onto two lines. */}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('header.back_home')}
            </Box>
          </Button>
        )}
        <SectionNav scene={scene} />
        <Box sx={{ flex: 1 }} />
        {signedIn && (
          <Suspense fallback={null}>
            <UnreadBadge />
          </Suspense>
        )}
        <LanguageMenu />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
};
