import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Box, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';
import { useConsoleNav } from '../src/shell/useConsoleNav.ts';
import { AGREEMENTS } from '../src/shell/agreements.ts';

/** The ICP number is per deployment (spec §9), as are the agreements' codes (src/shell/agreements.ts). */
const ICP = (import.meta.env as Record<string, string | undefined>).VITE_ICP;

const Column = ({ title, links }: { title: string; links: [string, string][] }) => (
  <Stack spacing={0.5}>
    <Typography variant="subtitle2" component="h2">{title}</Typography>
    {links.map(([to, label]) => (
      <MuiLink key={to} component={Link} to={to} color="inherit" underline="hover" variant="body2">
        {label}
      </MuiLink>
    ))}
  </Stack>
);

export const Footer = () => {
  const { t } = useLang();
  const session = useSession();
  const { start } = useConsoleNav();
  // Signed in, the footer leads to the person's console (its first page they may use) rather than to the login pages.
  const account: [string, string][] = session.signedIn
    ? [[start, t('header.console')]]
    : [['/login', t('header.login')], ['/adminLogin', t('login.to_operator')]];
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.300', py: 4, mt: 'auto' }}>
      <Container sx={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        <Column title={t('footer.products')} links={[['/appStore', t('route.app_store')], ['/open-capability', t('route.open_capability')], ['/developer/doc', t('route.developer_doc')]]} />
        <Column title={t('footer.common_links')} links={[['/about-us', t('route.about_us')], ...account]} />
        <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2" component="h2">{t('footer.follow_us')}</Typography>
          <QrCode2Icon sx={{ fontSize: 72 }} aria-label={t('footer.follow_us')} />
        </Stack>
      </Container>
      <Container sx={{ mt: 3, display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: 13 }}>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        {AGREEMENTS.map(([to, label]) => (
          <MuiLink key={to} component={Link} to={to} color="inherit">
            {t(label)}
          </MuiLink>
        ))}
        <MuiLink href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" color="inherit">
          {ICP ?? t('footer.icp')}
        </MuiLink>
      </Container>
    </Box>
  );
};
