import { Menu, MenuItem } from '@mui/material';
import { LANGUAGES, type Lang } from '../i18n/languages.ts';
import { useLang } from '../src/shell/LangContext.tsx';

/** The language menu's popup (a lazy chunk, see LanguageMenu.tsx). */
const LanguageMenuList = ({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) => {
  const { lang, setLang, t } = useLang();
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {(Object.keys(LANGUAGES) as Lang[]).map((l) => (
        <MenuItem key={l} selected={l === lang} data-testid={`language-${l}`} onClick={() => (setLang(l), onClose())}>
          {t(`lang.${l}`)}
        </MenuItem>
      ))}
    </Menu>
  );
};

export default LanguageMenuList;
