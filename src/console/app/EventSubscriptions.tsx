import {
  Box, Button, Card, CardContent, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Link, ListSubheader, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { Link as RouterLink } from 'react-router-dom';
import { post } from '../../../dataProvider/http.ts';
import { toast } from '../../../dataProvider/events.ts';
import { SCOPE } from '../../../schemas/app-scope.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { Empty } from '../EmptyState.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { eventName, scopeName, useAppScopes, useEventTypes, type AppScope, type EventType } from './eventTypes.ts';
import type { AppRecord } from './useApp.ts';

export interface Subscription {
  guid: string;
  event_code: string;
}

/** The app's subscriptions (at most a catalogue's worth, so one page holds them all). */
export const subscriptionsKey = (appGuid: string) => ['event-subscriptions', appGuid];
export const useSubscriptions = (appGuid: string) =>
  useQuery({ queryKey: subscriptionsKey(appGuid), queryFn: () => post<{ list: Subscription[] }>('/open/app/event/subscribe-rel/page', { app_guid: appGuid, page: 1, page_size: 100 }).then((p) => p.list) });

/** The catalogue by scope, each type choosable only once its scope is open for the app (the server refuses the others). */
const AddDialog = ({ app, types, scopes, subscribed, onClose }: { app: AppRecord; types: EventType[]; scopes: AppScope[]; subscribed: Set<string>; onClose(added: boolean): void }) => {
  const { t, lang } = useLang();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const groups = [...new Set(types.map((e) => e.group_code))].sort((a, b) => (a ?? '').localeCompare(b ?? ''));
  const toggle = (code: string, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  const add = async () => {
    setBusy(true);
    try {
      const all = await post<unknown[]>('/open/app/event/subscribe-rel/save', { app_guid: app.guid, event_codes: [...picked] });
      toast(t('apps.events.added', { smart_count: all.length }), 'success');
      onClose(true);
    } catch {
      // The http client has shown the server's sentence.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="add-events-title" fullWidth maxWidth="sm">
      <DialogTitle id="add-events-title">{t('apps.events.add')}</DialogTitle>
      <DialogContent dividers sx={{ px: 0 }}>
        <DialogContentText sx={{ px: 3, pb: 1 }}>{t('apps.events.add_hint')}</DialogContentText>
        {groups.map((group) => {
          const scope = scopes.find((s) => s.code === group);
          const open = group === null || scope?.status === SCOPE.open;
          const title = group === null ? t('apps.events.no_scope') : scope ? scopeName(lang, scope) : group;
          return (
            <Box key={group ?? ''} component="section" aria-label={title} data-testid={`event-group-${group ?? 'none'}`}>
              <ListSubheader component="div" sx={{ lineHeight: 2.5, px: 3 }}>
                {title} {group && <code>{group}</code>}
              </ListSubheader>
              {!open && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 3 }}>
                  {t('apps.events.scope_closed', { scope: title })}{' '}
                  <Link component={RouterLink} to={`/business/app/${app.guid}/permission`}>
                    {t('apps.events.apply_scope')}
                  </Link>
                </Typography>
              )}
              <Stack sx={{ px: 3, py: 0.5 }}>
                {types
                  .filter((e) => e.group_code === group)
                  .map((e) => {
                    const name = eventName(lang, types, e.code);
                    const has = subscribed.has(e.code);
                    return (
                      <FormControlLabel
                        key={e.code}
                        disabled={!open || has}
                        control={<Checkbox checked={has || picked.has(e.code)} onChange={(ev) => toggle(e.code, ev.target.checked)} slotProps={{ input: { 'aria-label': t('apps.events.select_event', { name }) } }} data-testid={`pick-${e.code}`} />}
                        label={
                          <span>
                            {name} <Typography component="code" variant="caption">{e.code}</Typography>
                            {has && <Typography component="span" variant="caption" color="text.secondary">{` · ${t('apps.events.subscribed')}`}</Typography>}
                          </span>
                        }
                      />
                    );
                  })}
              </Stack>
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('apps.cancel')}</Button>
        <Button variant="contained" onClick={add} disabled={!picked.size} loading={busy} data-testid="add-events-confirm">
          {t('apps.events.add_count', { count: picked.size })}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The event types the app receives, with unsubscribing and the dialog that adds more. */
export const EventSubscriptions = ({ app }: { app: AppRecord }) => {
  const { t, lang } = useLang();
  const client = useQueryClient();
  const subs = useSubscriptions(app.guid);
  const types = useEventTypes();
  const scopes = useAppScopes(app.guid);
  const [adding, setAdding] = useState(false);
  const reload = () => client.invalidateQueries({ queryKey: subscriptionsKey(app.guid) });
  const remove = async (guid: string) => {
    await post('/open/app/event/subscribe-rel/delete', { guid });
    await reload();
  };
  if (subs.isPending || types.isPending || scopes.isPending) return <PageLoading />;
  const list = subs.data ?? [];
  const scopeOf = (code: string) => {
    const group = types.data?.find((e) => e.code === code)?.group_code;
    if (!group) return t('apps.events.no_scope');
    const scope = scopes.data?.find((s) => s.code === group);
    return scope ? scopeName(lang, scope) : group;
  };
  const addButton = (
    <Button variant="contained" size="small" onClick={() => setAdding(true)} disabled={!types.data?.length} data-testid="add-events">
      {t('apps.events.add')}
    </Button>
  );
  return (
    <Card variant="outlined" data-testid="event-subscriptions">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('apps.events.subscriptions')}
          </Typography>
          {list.length > 0 && addButton}
        </Stack>
        {!list.length ? (
          <Empty text={t('apps.events.no_subscriptions')} action={addButton} />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('apps.events.event')}</TableCell>
                  <TableCell>{t('resources.event-info.fields.code')}</TableCell>
                  <TableCell>{t('apps.events.scope')}</TableCell>
                  <TableCell>{t('list.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((s) => {
                  const name = eventName(lang, types.data, s.event_code);
                  return (
                    <TableRow key={s.guid} data-testid={`subscription-${s.event_code}`}>
                      <TableCell>{name}</TableCell>
                      <TableCell>
                        <code>{s.event_code}</code>
                      </TableCell>
                      <TableCell>{scopeOf(s.event_code)}</TableCell>
                      <TableCell>
                        <ConfirmButton
                          label={t('apps.events.unsubscribe')}
                          aria-label={t('apps.events.unsubscribe_named', { name })}
                          question={t('apps.events.unsubscribe_question', { name })}
                          onConfirm={() => remove(s.guid)}
                          color="error"
                          testId={`unsubscribe-${s.event_code}`}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
        {adding && (
          <AddDialog
            app={app}
            types={types.data ?? []}
            scopes={scopes.data ?? []}
            subscribed={new Set(list.map((s) => s.event_code))}
            onClose={(added) => {
              setAdding(false);
              if (added) void reload();
            }}
          />
        )}
      </CardContent>
    </Card>
  );
};
