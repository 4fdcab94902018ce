import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { IconButton } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';

/**
 * The tenant's way to the message center. The unread count (a badge) comes with the message
 * calls; until the server answers them, no request is made for it (docs/decisions.md).
 */
export const UnreadBadge = () => {
  const { t } = useLang();
  const session = useSession();
  const navigate = useNavigate();
  if (!session.signedIn || session.operator) return null;
  return (
    <IconButton color="inherit" aria-label={t('header.messages')} onClick={() => navigate('/account/notify-message')}>
      <NotificationsIcon />
    </IconButton>
  );
};
