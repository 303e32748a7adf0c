import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { addTestBundle, renderScreen, setupTestI18n } from '../../test/render.tsx';
import { stubApi } from '../../test/emissions.tsx';
import { webTexts } from '../../test/messages.ts';
import { LocationField } from './LocationField.tsx';

const deOrders = webTexts.de.orders;
const enOrders = webTexts.en.orders;

async function renderField(locations: 'loading' | 'ready') {
  stubApi((url) => (url === '/health' ? Response.json({ status: 'ok', locations }) : undefined));
  await setupTestI18n();
  addTestBundle('orders', deOrders, enOrders);
  await renderScreen(() => <LocationField label="Von" name="from" value={null} onChange={() => {}} />);
}

describe('place search on a first start (issue 37)', () => {
  it('says that places are still loading while /health says so', async () => {
    await renderField('loading');
    expect(await screen.findByText(/Orte werden noch geladen/)).toBeInTheDocument();
  });

  it('shows the usual hint once the places are there', async () => {
    await renderField('ready');
    expect(await screen.findByText(deOrders.form.place.hint)).toBeInTheDocument();
    expect(screen.queryByText(/Orte werden noch geladen/)).toBeNull();
  });
});
