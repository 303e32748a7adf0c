import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import type { CsrdScope } from '@klimadesk/contract/csrd/schemas';
import { configureApi } from '../../app/api.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { answer, listFixture } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { inLanguage, useCsrdScopes } from './csrdQueries.ts';

/** E1 with E1-5 as the API answers it in each language (titles of the German and English edition). */
const scopesIn = (lang: string): CsrdScope[] => [
  {
    id: 'E1',
    category: 'E',
    name: { de: 'Klimawandel', en: 'Climate change' },
    disclosureRequirements: [
      {
        code: 'E1-5',
        scope: 'E1',
        title: lang === 'de' ? 'Energieverbrauch und Energiemix' : 'Energy consumption and mix',
        kind: 'topical',
        unitType: 'energy',
      },
    ],
  },
];

function Titles() {
  const scopes = useCsrdScopes();
  return <p>{scopes.data?.[0].disclosureRequirements[0].title ?? '…'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CSRD texts from the API follow the language switch', () => {
  it('keys the request language into the query', () => {
    const options = { queryKey: ['csrdScopes'] as const };
    expect(inLanguage(options, 'en').queryKey).toEqual(['csrdScopes', { lang: 'en' }]);
  });

  it('loads the titles again in the new language without a reload', async () => {
    configureApi({ language: currentLanguage });
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const lang = new Headers(init?.headers).get('Accept-Language') ?? '';
        asked.push(lang);
        return answer('csrdScopes', listFixture('csrdScopes', scopesIn(lang)));
      }),
    );
    await renderScreen(() => <Titles />);
    expect(await screen.findByText('Energieverbrauch und Energiemix')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(screen.getByText('Energy consumption and mix')).toBeTruthy());
    expect(asked).toEqual(['de', 'en']);
    await act(() => i18n.changeLanguage('de'));
  });
});
