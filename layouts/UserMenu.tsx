import AccountCircle from '@mui/icons-material/AccountCircle';
import { Button, Divider, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout, switchBu } from '../dataProvider/authProvider.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';

/** BU switch list (non-operators), console entry, logout; a login button when signed out. */
export const UserMenu = () => {
  const { t } = useLang();
  const session = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!session.signedIn) {
    return (
      <Button color="inherit" onClick={() => navigate('/login')} data-testid="login-button">
        {t('header.login')}
      </Button>
    );
  }
  const user = session.user;
  const close = () => setAnchor(null);
  return (
    <>
      <Button color="inherit" startIcon={<AccountCircle />} onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('header.user_menu')} data-testid="user-menu">
        {user?.name || user?.username}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        {!session.operator && session.buList.length > 0 && <ListSubheader>{t('header.switch_bu')}</ListSubheader>}
        {!session.operator &&
          session.buList.map((bu) => (
            <MenuItem key={bu.guid} selected={bu.guid === session.currentBU?.guid} onClick={() => (close(), switchBu(bu))}>
              {bu.alias || bu.name}
            </MenuItem>
          ))}
        {!session.operator && session.buList.length > 0 && <Divider />}
        <MenuItem onClick={() => (close(), navigate(session.operator ? '/operation' : '/account'))}>{t('header.console')}</MenuItem>
        <MenuItem
          data-testid="logout"
          onClick={async () => {
            close();
            const to = await logout();
            session.refresh();
            navigate(to);
          }}
        >
          {t('header.logout')}
        </MenuItem>
      </Menu>
    </>
  );
};
