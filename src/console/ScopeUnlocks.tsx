import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { post } from '../../dataProvider/http.ts';
import { eventMessageKey } from '../../schemas/event.ts';

interface Unlocked {
  name: string;
  api_code: string;
  path?: string;
}

/** The event names are seeded in the default language: the reader's own, by code, while one exists. */
const eventKey = (code: string) => `resources.event-info.seeded.${eventMessageKey(code)}.name`;

/** What a scope unlocks, for the reviewer of an application: its open-API calls and its event types. */
const ScopeUnlocks = ({ code, onClose }: { code: string; onClose(): void }) => {
  const translate = useTranslate();
  const [found, setFound] = useState<{ apis: Unlocked[]; events: Unlocked[] }>();
  useEffect(() => {
    const table = (path: string) => post<{ list: Unlocked[] }>(path, { code, page: 1, page_size: 50 }).then((r) => r.list);
    void Promise.all([table('/open/api-field/group-api-detail'), table('/open/api-field/group-event-detail')]).then(([apis, events]) => setFound({ apis, events }), onClose);
    // Fetched once per scope opened; closing is the parent's.
  }, [code]);
  const section = (title: string, rows: Unlocked[], line: (u: Unlocked) => React.ReactNode) => (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {rows.length ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {rows.map((u) => (
            <li key={u.api_code}>
              <Typography variant="body2">{line(u)}</Typography>
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('scopes.none')}
        </Typography>
      )}
    </Box>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="scope-unlocks-title" fullWidth maxWidth="sm" data-testid="scope-unlocks">
      <DialogTitle id="scope-unlocks-title">{translate('scopes.title', { scope: code })}</DialogTitle>
      <DialogContent>
        {!found ? (
          <Loading />
        ) : (
          <>
            {section(translate('scopes.apis'), found.apis, (u) => (
              <>
                <code>{u.path}</code> — {u.name}
              </>
            ))}
            {section(translate('scopes.events'), found.events, (u) => (
              <>
                <code>{u.api_code}</code> — {translate(eventKey(u.api_code), { _: u.name })}
              </>
            ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('scopes.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

export default ScopeUnlocks;
