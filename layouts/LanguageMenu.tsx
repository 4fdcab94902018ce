import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { LANGUAGES, type Lang } from '../i18n/index.ts';
import { useLang } from '../src/shell/LangContext.tsx';

/** zh / hk / en, remembered; each language is named in itself. */
export const LanguageMenu = ({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) => {
  const { lang, setLang, t } = useLang();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button color={color} startIcon={<TranslateIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('header.language')} data-testid="language-switch">
        {t(`lang.${lang}`)}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(Object.keys(LANGUAGES) as Lang[]).map((l) => (
          <MenuItem key={l} selected={l === lang} data-testid={`language-${l}`} onClick={() => (setLang(l), setAnchor(null))}>
            {t(`lang.${l}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
