import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { Badge, IconButton } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { onAnswered } from '../dataProvider/events.ts';
import { MESSAGE_TABS } from '../resources/message-tabs.ts';
import { publicRead } from '../src/public/call.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';

/** Spec §9: the badge shows 99+ above 99. */
export const BADGE_MAX = 99;
const COUNT = { tenant: '/open/sys-announcement/get-announcement-unread-quantity', operator: '/open/admin/sys-announcement/get-announcement-unread-quantity' };
interface Unread {
  quantity: number;
  kinds: { kind: number; quantity: number }[];
}
const NONE: Unread = { quantity: 0, kinds: [] };
/** Calls after which the count may have changed: reading messages, and anything that writes one. */
const CHANGES = /\/sys-announcement\/(get|add)$|work-order/;

/**
 * The reader's unread messages. A tenant opens the message center at the tab holding them (the
 * first kind with unread messages); an operator, who cannot, the work orders its messages are about. The count is read again when the tab becomes visible, on
 * each page, after a call that may change it, and each minute.
 */
export const UnreadBadge = () => {
  const { t, lang } = useLang();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [{ quantity, kinds }, setUnread] = useState<Unread>(NONE);
  const path = !session.signedIn ? null : session.operator ? COUNT.operator : session.currentBU ? COUNT.tenant : null;
  const refresh = useCallback(() => {
    if (!path) return;
    publicRead<Unread>(path, {}, lang).then(setUnread, () => setUnread(NONE));
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
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => navigate(session.operator ? '/operation/work-order' : (MESSAGE_TABS[kinds.find((k) => k.quantity)?.kind ?? 0] ?? MESSAGE_TABS[0]))} data-testid="unread-badge">
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
