import { useEffect } from 'react';
import { useNotificationContext, useTranslate } from 'react-admin';
import { toast } from '../../dataProvider/events.ts';

/**
 * react-admin's notices go to the shell's one toast area. Its error notices are dropped: every
 * failed call was already toasted by the http client (spec §8), and form errors show inline.
 */
export const ForwardNotification = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  useEffect(() => {
    if (!notifications.length) return;
    const n = takeNotification();
    if (!n || n.type === 'error') return;
    const message = typeof n.message === 'string' ? translate(n.message, n.notificationOptions?.messageArgs) : '';
    if (message) toast(message, n.type === 'warning' ? 'warning' : n.type === 'success' ? 'success' : 'info');
  }, [notifications, takeNotification, translate]);
  return null;
};
