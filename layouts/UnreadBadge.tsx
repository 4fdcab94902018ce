import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { Badge, IconButton } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { post } from '../dataProvider/http.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';

export const UNREAD_PATHS = {
  operator: '/open/admin/sys-announcement/get-announcement-unread-quantity',
  tenant: '/open/sys-announcement/get-announcement-unread-quantity',
} as const;

/** 99+ above 99 (spec §9). */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/** Unread messages; absent (no badge) while the count cannot be read. */
export const UnreadBadge = () => {
  const { t } = useLang();
  const session = useSession();
  const navigate = useNavigate();
  const [count, setCount] = useState<number>();
  useEffect(() => {
    if (!session.signedIn) return setCount(undefined);
    post<{ quantity?: number }>(session.operator ? UNREAD_PATHS.operator : UNREAD_PATHS.tenant, {}, { silent: true })
      .then((r) => setCount(typeof r?.quantity === 'number' ? r.quantity : undefined))
      .catch(() => setCount(undefined));
  }, [session.signedIn, session.operator]);
  if (!session.signedIn) return null;
  return (
    <IconButton color="inherit" aria-label={t('header.messages')} onClick={() => !session.operator && navigate('/account/notify-message')}>
      <Badge badgeContent={count ? badgeText(count) : undefined} color="error">
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
};
