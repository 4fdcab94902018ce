import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItemButton, ListItemText } from '@mui/material';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasClientKey } from '../i18n/client.ts';
import type { MenuItem } from '../src/routes/menu.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { useSession } from '../src/shell/SessionContext.tsx';

export const SIDEBAR_WIDTH = 210;

const Entry = ({ item, depth }: { item: MenuItem; depth: number }) => {
  const { t, lang } = useLang();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const active = pathname === item.url || pathname.startsWith(`${item.url}/`);
  const [open, setOpen] = useState(true);
  const label = item.fallback && !hasClientKey(lang, item.label) ? item.fallback : t(item.label);
  const go = () => {
    if (item.children) return setOpen(!open);
    // An unauthenticated click goes to login with a redirect back (spec §2).
    navigate(signedIn ? item.url : `/login?redirect=${encodeURIComponent(item.url + (item.url === pathname ? search : ''))}`);
  };
  // Each entry is a list item: its sub-menu is a list inside it.
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ListItemButton selected={active && !item.children} disabled={item.disabled} onClick={go} aria-expanded={item.children ? open : undefined} aria-current={active && !item.children ? 'page' : undefined} sx={{ pl: 2 + depth * 2 }} data-testid={`menu-${item.url}`}>
        <ListItemText primary={label} slotProps={{ primary: { noWrap: true } }} sx={{ '& .MuiTypography-root': { fontSize: 14 } }} />
        {item.children && (open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />)}
      </ListItemButton>
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
export const Sidebar = ({ items, title }: { items: MenuItem[]; title?: string }) => (
  <Box component="nav" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }} data-testid="sidebar">
    {title && <Box sx={{ px: 2, py: 1.5, fontWeight: 600 }}>{title}</Box>}
    <List dense>
      {items.map((i) => (
        <Entry key={i.key} item={i} depth={0} />
      ))}
    </List>
  </Box>
);
