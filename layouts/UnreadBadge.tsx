import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { Badge, IconButton } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { onAnswered } from '../dataProvider/events.ts';
import { publicRead } from '../src/public/call.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';

/** Spec §9: the badge shows 99+ above 99. */
export const BADGE_MAX = 99;
const COUNT = { tenant: '/open/sys-announcement/get-announcement-unread-quantity', operator: '/open/admin/sys-announcement/get-announcement-unread-quantity' };
/** Calls after which the count may have changed: reading messages, and anything that writes one. */
const CHANGES = /\/sys-announcement\/(get|add)$|work-order/;

/**
 * The reader's unread messages. A tenant opens the message center; an operator, who cannot, the
 * work orders its messages are about. The count is read again when the tab becomes visible, on
 * each page, after a call that may change it, and each minute.
 */
export const UnreadBadge = () => {
  const { t, lang } = useLang();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [quantity, setQuantity] = useState(0);
  const path = !session.signedIn ? null : session.operator ? COUNT.operator : session.currentBU ? COUNT.tenant : null;
  const refresh = useCallback(() => {
    if (!path) return;
    publicRead<{ quantity: number }>(path, {}, lang).then((d) => setQuantity(d.quantity), () => setQuantity(0));
  }, [path, lang]);
  useEffect(refresh, [refresh, pathname]);
  useEffect(() => {
    if (!path) return;
    const visible = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', visible);
    const stop = onAnswered((p) => CHANGES.test(p) && !p.endsWith('unread-quantity') && refresh());
    const every = setInterval(refresh, 60_000);
    return () => {
      document.removeEventListener('visibilitychange', visible);
      stop();
      clearInterval(every);
    };
  }, [path, refresh]);
  if (!path) return null;
  const label = quantity ? t('header.messages_unread', { count: quantity > BADGE_MAX ? `${BADGE_MAX}+` : quantity }) : t('header.messages');
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => navigate(session.operator ? '/operation/work-order' : '/account/notify-message')} data-testid="unread-badge">
      {/* No badge at all when nothing is unread: a hidden one keeps its last number as text, which the name would not hold (WCAG 2.5.3). */}
      {quantity ? (
        <Badge badgeContent={quantity} max={BADGE_MAX} color="error" data-testid="unread-count">
          <NotificationsIcon />
        </Badge>
      ) : (
        <NotificationsIcon />
      )}
    </IconButton>
  );
};
