import ArrowBack from '@mui/icons-material/ArrowBack';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, Link as MuiLink, List, ListItemButton, ListItemText } from '@mui/material';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { hasClientKey } from '../i18n/client.ts';
import { authorised } from '../src/routes/guard.ts';
import type { MenuItem } from '../src/routes/menu.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';
import { CERTIFICATION } from '../src/shell/useConsoleNav.ts';

export const SIDEBAR_WIDTH = 210;

const Entry = ({ item, depth }: { item: MenuItem; depth: number }) => {
  const { t, lang } = useLang();
  const { signedIn, permissions } = useSession();
  const certify = !!item.uncertified && authorised(permissions.urls, CERTIFICATION, permissions.pages);
  const { pathname, search } = useLocation();
  const active = pathname === item.url || pathname.startsWith(`${item.url}/`);
  const [open, setOpen] = useState(true);
  const label = item.fallback && !hasClientKey(lang, item.label) ? item.fallback : t(item.label);
  // A page is a link (it opens in a new tab too); signed out it leads to login and back (spec §2).
  const to = signedIn ? item.url : `/login?redirect=${encodeURIComponent(item.url + (item.url === pathname ? search : ''))}`;
  const link = !item.children && !item.disabled ? { component: Link, to } : { onClick: () => setOpen(!open) };
  // Each entry is a list item: its sub-menu is a list inside it.
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ListItemButton {...link} selected={active && !item.children} disabled={item.disabled} aria-expanded={item.children ? open : undefined} aria-current={active && !item.children ? 'page' : undefined} sx={{ pl: 2 + depth * 2 }} data-testid={`menu-${item.url}`}>
        <ListItemText primary={label} slotProps={{ primary: { noWrap: true } }} sx={{ '& .MuiTypography-root': { fontSize: 14 } }} />
        {item.children && (open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />)}
      </ListItemButton>
      {/* Shown disabled, not hidden, until the organisation is certified: why, and a keyboard-reachable way there for who may apply. */}
      {item.uncertified && (
        <MuiLink
          {...(certify ? { component: Link, to: CERTIFICATION, 'aria-label': t('guard.menu_uncertified_named', { page: label }) } : { component: 'span', color: 'text.secondary', underline: 'none' as const })}
          sx={{ display: 'block', pl: 2 + depth * 2, pr: 1, fontSize: 12, lineHeight: '24px' }}
          data-testid={`menu-certify-${item.url}`}
        >
          {t('guard.menu_uncertified')}
        </MuiLink>
      )}
      {item.children && (
        <Collapse in={open}>
          <List disablePadding>
            {item.children.map((c) => (
              <Entry key={c.key} item={c} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      )}
    </Box>
  );
};

/** A 210 px menu column (spec §9). */
export const Sidebar = ({ items, title, back }: { items: MenuItem[]; title?: string; back?: { to: string; label: string } }) => (
  <Box component="nav" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }} data-testid="sidebar">
    {title && <Box sx={{ px: 2, py: 1.5, fontWeight: 600 }}>{title}</Box>}
    {/* A record's own pages (an app's) lead back to the list they were opened from. */}
    {back && (
      <ListItemButton component={Link} to={back.to} sx={{ borderBottom: 1, borderColor: 'divider' }} data-testid="sidebar-back">
        <ArrowBack fontSize="small" sx={{ mr: 1 }} aria-hidden />
        <ListItemText primary={back.label} sx={{ '& .MuiTypography-root': { fontSize: 14 } }} />
      </ListItemButton>
    )}
    <List dense>
      {items.map((i) => (
        <Entry key={i.key} item={i} depth={0} />
      ))}
    </List>
  </Box>
);
