import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { TextType } from '@klimadesk/contract/help/schemas';
import { queryOptions } from '../../app/client.ts';

/** The language the help is shown in: the app's. */
export function useHelpLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'de';
}

/** The text of a type in a language (the one without a name: a help page's whole text). */
export function useText(type: TextType, lang: Language) {
  const query = useQuery(queryOptions('texts', { query: { type, lang } }));
  const text = query.data?.['hydra:member'].find((x) => x.name === '') ?? null;
  return { ...query, text };
}
