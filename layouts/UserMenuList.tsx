import { Divider, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { logout, switchBu } from '../dataProvider/authProvider.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';
import { useConsoleNav } from '../src/shell/useConsoleNav.ts';

/** The user menu's popup (a lazy chunk, see UserMenu.tsx). */
const UserMenuList = ({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) => {
  const { t } = useLang();
  const session = useSession();
  const navigate = useNavigate();
  const { start } = useConsoleNav();
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {!session.operator && session.buList.length > 0 && <ListSubheader role="presentation">{t('header.switch_bu')}</ListSubheader>}
      {!session.operator &&
        session.buList.map((bu) => (
          <MenuItem key={bu.guid} selected={bu.guid === session.currentBU?.guid} onClick={() => (onClose(), switchBu(bu))}>
            {bu.alias || bu.name}
          </MenuItem>
        ))}
      {!session.operator && session.buList.length > 0 && <Divider />}
      {/* The first page of the person's console (the enterprise panel, where granted), not a section's redirect. */}
      <MenuItem onClick={() => (onClose(), navigate(start))} data-testid="user-menu-console">{t('header.console')}</MenuItem>
      <MenuItem
        data-testid="logout"
        onClick={async () => {
          onClose();
          const to = await logout();
          session.refresh();
          navigate(to);
        }}
      >
        {t('header.logout')}
      </MenuItem>
    </Menu>
  );
};

export default UserMenuList;
