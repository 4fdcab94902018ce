import MenuIcon from '@mui/icons-material/Menu';
import { Button, Drawer } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuItem } from '../src/routes/menu.ts';
import { useLang } from '../src/shell/LangContext.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The menus of a narrow screen: a button above the content opens them in a drawer, which a choice closes. */
const MenuDrawer = ({ menus, title }: { menus: MenuItem[][]; title?: string }) => {
  const { t } = useLang();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  if (!menus.some((items) => items.length)) return null;
  return (
    <>
      <Button startIcon={<MenuIcon />} onClick={() => setOpen(true)} aria-expanded={open} sx={{ mb: 1 }} data-testid="menu-drawer-open">
        {t('header.menu')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)}>
        {menus.map((items, i) => items.length > 0 && <Sidebar key={i} items={items} title={i === 0 ? title : undefined} />)}
      </Drawer>
    </>
  );
};

export default MenuDrawer;
