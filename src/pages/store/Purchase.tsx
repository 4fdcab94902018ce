import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { post } from '../../../dataProvider/http.ts';
import type { z } from 'zod';
import type { storePurchase } from '../../../schemas/store-answers.ts';
import type { StoreDetail } from '../../public/types.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { useSession } from '../../shell/SessionContext.tsx';
import { usePrice } from './Price.tsx';

/** What buying answers (schemas/store-answers.ts; a type only): no order when the platform installed the app. */
type Bought = z.infer<typeof storePurchase>;

/** `ORDER_STATE.toPay` (schemas/order.ts), named here so the public page does not load zod with it. */
const TO_PAY = 0;

const PURCHASE_PATH = '/open/app/market/app-purchase/use';

/**
 * Buying an app: a visitor is told to log in and comes back here after it; a tenant without a
 * business unit is told to add one; an operator is told a tenant account buys. A tenant with one
 * confirms, reading what the app may do in its BU (its scopes, the events it receives), and the app
 * is added once (buying again answers the same order). A free app is not
 * bought: the tenant confirms using it for free, and its order is paid as it is made, so the app
 * is ready to use at once.
 */
export const Purchase = ({ app, onBought }: { app: StoreDetail; onBought(): void }) => {
  const { t } = useLang();
  const session = useSession();
  const location = useLocation();
  const price = usePrice();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<'login' | 'bu' | 'operator' | null>(null);
  const [bought, setBought] = useState<Bought | null>(null);
  const here = `${location.pathname}${location.search}`;
  const free = app.price === 0;

  const start = () => {
    if (!session.signedIn) return setNotice('login');
    if (session.operator) return setNotice('operator');
    if (!session.currentBU) return setNotice('bu');
    setAsking(true);
  };
  const buy = async () => {
    setBusy(true);
    try {
      // Consent covers what the dialog listed: the server refuses it if the app asks for other scopes now.
      setBought(await post<Bought>(PURCHASE_PATH, { guid: app.guid, scopes: app.scopes.map((g) => g.code) }));
      setAsking(false);
      onBought();
    } catch {
      // The http client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' } }}>
      {app.installed ? (
        <Button variant="contained" disabled data-testid="installed">
          {t('store.installed')}
        </Button>
      ) : (
        <Button variant="contained" size="large" onClick={start} data-testid="buy">
          {t(free ? 'store.use' : 'store.buy')}
        </Button>
      )}
      {app.installed && (
        <Button component={Link} to="/account/enterprise/app" size="small">
          {t('store.open_enterprise_apps')}
        </Button>
      )}
      {notice === 'login' && (
        <Alert severity="info" data-testid="login-to-buy" action={<Button component={Link} to={`/login?redirect=${encodeURIComponent(here)}`} color="inherit" size="small">{t('store.login')}</Button>}>
          {t('store.login_to_buy')}
        </Alert>
      )}
      {notice === 'bu' && (
        <Alert severity="warning" data-testid="add-bu-first" action={<Button component={Link} to="/account/enterprise/info" color="inherit" size="small">{t('store.add_bu')}</Button>}>
          {t('store.add_bu_first')}
        </Alert>
      )}
      {notice === 'operator' && <Alert severity="info">{t('store.operator_cannot_buy')}</Alert>}
      {bought && (
        <Alert severity="success" data-testid="bought" action={bought.guid && <Button component={Link} to={`/account/order/${bought.guid}/info`} color="inherit" size="small">{t('store.view_order')}</Button>}>
          {t(!bought.guid ? 'store.had_it_granted' : bought.already ? 'store.had_it' : bought.state === TO_PAY ? 'store.bought' : 'store.ready', { number: bought.number, name: app.name })}
        </Alert>
      )}
      {/* What happens next to an order waiting for payment: who takes the payment and where it shows. */}
      {bought && bought.state === TO_PAY && (
        <Alert severity="info" data-testid="how-paid">
          {t('store.how_paid')}
        </Alert>
      )}
      <Dialog open={asking} onClose={() => !busy && setAsking(false)} aria-labelledby="buy-title">
        <DialogTitle id="buy-title">{t(free ? 'store.confirm_title_free' : 'store.confirm_title', { name: app.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{free ? t('store.confirm_free') : t('store.confirm_text', { price: price(app.price, app.cycle) })}</DialogContentText>
          {!free && <DialogContentText sx={{ mt: 1.5 }}>{t('store.how_paid')}</DialogContentText>}
          <Consent app={app} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={busy}>
            {t('store.cancel')}
          </Button>
          <Button variant="contained" onClick={buy} disabled={busy} data-testid="confirm-buy" autoFocus>
            {t(free ? 'store.confirm_use' : 'store.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
};

/** What installing grants the app in the buyer's BU and which of its events it receives, as the buyer consents to them. */
const Consent = ({ app }: { app: StoreDetail }) => {
  const { t } = useLang();
  if (!app.scopes.length) return <DialogContentText sx={{ mt: 1.5 }} data-testid="consent-nothing">{t('store.consent_nothing')}</DialogContentText>;
  return (
    <Box sx={{ mt: 1.5 }} data-testid="consent">
      <Typography variant="subtitle2" component="h3">{t('store.consent_scopes')}</Typography>
      <List dense disablePadding>
        {app.scopes.map((g) => (
          <ListItem key={g.code} disableGutters data-testid={`consent-scope-${g.code}`}>
            <ListItemText primary={g.name} secondary={g.description} />
          </ListItem>
        ))}
      </List>
      {app.events.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>{t('store.consent_events')}</Typography>
          <List dense disablePadding>
            {app.events.map((e) => (
              <ListItem key={e.code} disableGutters>
                <ListItemText primary={e.name} secondary={e.code} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
};
