import { useNotify, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { keepRevealed } from './app/revealed.ts';

/**
 * What a create form does with a new row that has a page of its own (`opens`: a store app's, an
 * app's): keeps the secrets its answer shows once, says it was created, and opens that page.
 */
export const useOpensCreated = (rc: ResourceCalls) => {
  const notify = useNotify();
  const navigate = useNavigate();
  return (data: RaRecord) => {
    keepRevealed(rc.def, String(data.id), data);
    notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
    navigate(rc.opens!.replace(':id', String(data.id)));
  };
};
