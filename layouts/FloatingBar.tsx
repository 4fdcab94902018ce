import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import VerticalAlignTop from '@mui/icons-material/VerticalAlignTop';
import { IconButton, Paper } from '@mui/material';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { storagePrefix } from '../dataProvider/session.ts';
import { useLang } from '../src/shell/LangContext.tsx';

export const SCROLL_TOP_AFTER_PX = 300;
const KEY = () => `${storagePrefix()}floatCollapsed`;

const listeners = new Set<() => void>();
const subscribe = (on: () => void) => {
  listeners.add(on);
  return () => listeners.delete(on);
};
const storedCollapsed = () => localStorage.getItem(KEY()) === '1';
/** A server-rendered page shows the bar open; hydration then takes the remembered choice without a mismatch. */
const openOnServer = () => false;

/** Collapsible (remembered) floating bar with a scroll-to-top button after 300 px. */
export const FloatingBar = () => {
  const { t } = useLang();
  const collapsed = useSyncExternalStore(subscribe, storedCollapsed, openOnServer);
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const on = () => setScrolled(window.scrollY > SCROLL_TOP_AFTER_PX);
    on();
    window.addEventListener('scroll', on, { passive: true });
    return () => window.removeEventListener('scroll', on);
  }, []);
  const toggle = () => {
    localStorage.setItem(KEY(), collapsed ? '0' : '1');
    for (const on of listeners) on();
  };
  return (
    <Paper elevation={3} sx={{ position: 'fixed', right: 8, bottom: 96, display: 'flex', flexDirection: 'column', zIndex: 1200 }} data-testid="floating-bar">
      {/* A native title rather than MUI's Tooltip, which would bring popper.js into the public pages. */}
      <IconButton size="small" onClick={toggle} title={t(collapsed ? 'float.expand' : 'float.collapse')} aria-label={t(collapsed ? 'float.expand' : 'float.collapse')}>
        {collapsed ? <ChevronLeft /> : <ChevronRight />}
      </IconButton>
      {!collapsed && scrolled && (
        <IconButton size="small" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} title={t('float.top')} aria-label={t('float.top')}>
          <VerticalAlignTop />
        </IconButton>
      )}
    </Paper>
  );
};
