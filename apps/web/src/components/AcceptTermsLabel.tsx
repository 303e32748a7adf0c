import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';
import { RouterLink } from './RouterLink.tsx';

/** The label of a required terms checkbox: the text `i18nKey` with its terms and privacy links (new tab). */
export function AcceptTermsLabel({ t, i18nKey }: { t: TFunction<string[]>; i18nKey: string }) {
  return (
    <span>
      <Trans
        t={t}
        i18nKey={i18nKey}
        components={{
          terms: <RouterLink to="/legal/$page" params={{ page: 'terms' }} target="_blank" />,
          privacy: <RouterLink to="/legal/$page" params={{ page: 'privacy' }} target="_blank" />,
        }}
      />{' '}
      *
    </span>
  );
}
