import AccountCircle from '@mui/icons-material/AccountCircle';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';
import { visuallyHidden } from '../src/shell/visuallyHidden.ts';

// The popup and the calls behind it (logout, BU switch) load on first use.
const loadList = () => import('./UserMenuList.tsx');
const UserMenuList = lazy(loadList);

/** BU switch list (non-operators), console entry, logout; a login button when signed out. */
export const UserMenu = () => {
  const { t } = useLang();
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!session.signedIn) {
    return (
      // A link, so that it leads to the sign-in page before the page has hydrated too.
      <Button color="inherit" component={Link} to="/login" data-testid="login-button">
        {t('header.login')}
      </Button>
    );
  }
  const user = session.user;
  return (
    <>
      {/* Usernames are case sensitive: shown as stored, not in the button's capitals. */}
      <Button color="inherit" sx={{ textTransform: 'none' }} startIcon={<AccountCircle />} onPointerEnter={() => void loadList()} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" data-testid="user-menu">
        {user?.name || user?.username}
        <span style={visuallyHidden}>, {t('header.user_menu')}</span>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <UserMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
};
