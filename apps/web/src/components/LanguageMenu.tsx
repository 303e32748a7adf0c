import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@klimadesk/contract/constants';
import { Flag } from './Flag.tsx';

export function LanguageMenu({
  anchor,
  current,
  onClose,
  onPick,
}: {
  anchor: HTMLElement;
  current: Language;
  onClose: () => void;
  onPick: (l: Language) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {LANGUAGES.map((l) => (
        <MenuItem key={l} selected={l === current} lang={l} onClick={() => onPick(l)}>
          <ListItemIcon>
            <Flag lang={l} />
          </ListItemIcon>
          {t(`language.${l}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
