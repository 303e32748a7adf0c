import { Suspense, lazy, useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { applyLanguage, currentLanguage } from '../app/i18n.ts';
import { call } from '../app/client.ts';
import { ME_KEY, queryClient } from '../app/session.ts';
import { Flag } from './Flag.tsx';
import { notifyError } from './errors.ts';

// The menu (and the popover machinery behind it) loads on the first click.
const LanguageMenu = lazy(() => import('./LanguageMenu.tsx').then((m) => ({ default: m.LanguageMenu })));

/** Switches the language; a signed-in user's choice is also saved on the server. */
export async function changeLanguage(lang: Language): Promise<void> {
  await applyLanguage(lang);
  const me = queryClient.getQueryData<Me>(ME_KEY);
  if (!me) return;
  try {
    await call('setLanguage', { params: { id: me.id }, body: { language: lang } });
    queryClient.setQueryData<Me>(ME_KEY, { ...me, userPreference: { ...me.userPreference, language: lang } });
    // Server texts (countries, route titles) come in the request language.
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
  } catch (err) {
    notifyError(err);
  }
}

export function LanguageSwitcher({ dense = false }: { dense?: boolean }) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lang = currentLanguage();
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`${t('language.choose')}: ${dense ? lang.toUpperCase() : t(`language.${lang}`)}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<Flag lang={lang} />}
        sx={{ minWidth: 0, flexShrink: 0, px: 1.25, fontWeight: 600 }}
        data-testid="language-switcher"
      >
        {dense ? lang.toUpperCase() : t(`language.${lang}`)}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            current={lang}
            onClose={() => setAnchor(null)}
            onPick={(l) => {
              setAnchor(null);
              void changeLanguage(l);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
