import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, Card, CardContent, Chip, Collapse, Container, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ApiTable } from '../../public/ApiTable.tsx';
import { CAPACITY_PATH, type Capability } from '../../public/types.ts';
import { usePublicData } from '../../public/usePublicData.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { withPageMessages } from '../../shell/withPageMessages.tsx';
import { storeMessages } from './messages.ts';

const CapabilityCard = ({ c, open: initiallyOpen }: { c: Capability; open: boolean }) => {
  const { t } = useLang();
  // Opened after the first render: the server renders without the address's #fragment.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (initiallyOpen) setOpen(true);
  }, [initiallyOpen]);
  const panel = `panel-${c.code.replace(/[^A-Za-z0-9-]/g, '-')}`;
  return (
    <Card id={c.code} sx={{ scrollMarginTop: 80 }} data-testid="capability">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h3" component="h2">
              {c.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', mt: 0.5 }}>
              {c.code}
            </Typography>
            {c.description && <Typography sx={{ mt: 1 }}>{c.description}</Typography>}
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <Chip size="small" label={t('store.api_count', { count: c.api_count })} />
              <Chip size="small" label={t('store.event_count', { count: c.event_count })} />
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
            <Button component={Link} to={`/developer/doc?docCode=${encodeURIComponent(c.code)}`}>
              {t('store.read_docs')}
            </Button>
            <Button variant="outlined" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={panel} endIcon={open ? <ExpandLess /> : <ExpandMore />}>
              {t(open ? 'store.hide_apis' : 'store.show_apis', { name: c.name })}
            </Button>
          </Stack>
        </Stack>
        <Collapse in={open} unmountOnExit>
          <Box id={panel} sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <ApiTable code={c.code} kind="api" title={t('store.apis')} />
            <ApiTable code={c.code} kind="event" title={t('store.events')} />
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
};

const Capabilities = () => {
  const { t } = useLang();
  const { hash } = useLocation();
  const caps = usePublicData<Capability[]>(CAPACITY_PATH);
  const target = decodeURIComponent(hash.slice(1));
  // The capability a link named (`#code`) is opened and scrolled to once the list is in.
  useEffect(() => {
    if (caps.data && target) document.getElementById(target)?.scrollIntoView();
  }, [caps.data, target]);
  return (
    <>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', py: { xs: 4, md: 6 } }}>
        <Container maxWidth="lg">
          <Typography variant="h1">{t('route.open_capability')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 720 }}>
            {t('store.capabilities_lead')}
          </Typography>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: 4 }}>
        {caps.error && <Alert severity="error">{caps.error}</Alert>}
        {caps.data?.length === 0 && <Typography color="text.secondary">{t('store.no_capabilities')}</Typography>}
        <Stack spacing={2}>
          {caps.data ? caps.data.map((c) => <CapabilityCard key={c.code} c={c} open={c.code === target} />) : !caps.error && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} variant="rounded" height={120} />)}
        </Stack>
      </Container>
    </>
  );
};

/** `/open-capability`: every open scope, its APIs and events, and a way to its docs. */
export default withPageMessages(storeMessages, Capabilities);
