import TranslateIcon from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useLang } from '../src/shell/LangContext.tsx';
import { visuallyHidden } from '../src/shell/visuallyHidden.ts';

// The popup menu (MUI Menu, Popover, Modal) loads on first use: the public pages stay light.
const loadList = () => import('./LanguageMenuList.tsx');
const LanguageMenuList = lazy(loadList);

/** zh / hk / en, remembered; each language is named in itself. */
export const LanguageMenu = ({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) => {
  const { lang, t } = useLang();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button color={color} startIcon={<TranslateIcon />} onPointerEnter={() => void loadList()} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" data-testid="language-switch">
        {/* The name a screen reader gives starts with the words shown (WCAG 2.5.3). */}
        {t(`lang.${lang}`)}
        <span style={visuallyHidden}>, {t('header.language')}</span>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
};
