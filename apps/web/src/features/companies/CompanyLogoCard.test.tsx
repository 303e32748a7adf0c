import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi } from '../../test/emissions.tsx';
import { answer, fixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { ApiError } from '../../app/api.ts';
import { loadRouteFacts, pathOf, queryOptions, type Answer } from '../../app/client.ts';
import { CompanyLogoCard } from './CompanyLogoCard.tsx';

const deAccount = webTexts.de.account;
const enAccount = webTexts.en.account;

// Uploads go through XMLHttpRequest (progress); here they answer at once, or refuse.
const uploads = vi.hoisted(() => ({ answers: [] as unknown[], urls: [] as string[] }));
vi.mock('../../components/files.ts', async (original) => ({
  ...(await original<typeof import('../../components/files.ts')>()),
  uploadFile: vi.fn(async (url: string) => {
    uploads.urls.push(url);
    const next = uploads.answers.shift();
    if (next instanceof Error) throw next;
    return next;
  }),
}));

const COMPANY_ID = '00000000-0000-4000-8000-000000000002';
const LOGO = {
  mimeType: 'image/png' as const,
  width: 480,
  height: 120,
  bytes: 11_264,
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const company = (logo: typeof LOGO | null): Answer<'getCompany'> =>
  fixture('getCompany', {
    id: COMPANY_ID,
    name: 'Demo Logistik GmbH',
    street: 'Hafenstraße 12',
    zipcode: '20457',
    city: 'Hamburg',
    additionalAddress: null,
    country: 'DE',
    phone1: null,
    telefax: null,
    email: null,
    customBillingAddress: false,
    billingAddress: null,
    communicationLanguage: 'de',
    factorRegions: [],
    externalLink: null,
    vatid: null,
    modules: ['cft'],
    isBasic: false,
    isPayingCustomer: true,
    unlocked: true,
    unlockedAt: null,
    customerNr: 10002,
    initialModule: 'cft',
    taxType: null,
    taxDemoEnd: null,
    adminUsers: [],
    logo,
    createdAt: '2026-01-05T08:00:00.000Z',
  });

let stored: typeof LOGO | null;

function Card() {
  const { data } = useQuery(queryOptions('getCompany', { params: { id: COMPANY_ID } }));
  return data ? <CompanyLogoCard company={data} /> : null;
}

function renderCard(roles: Answer<'me'>['roles']) {
  const me = meFixture({ roles, company: { id: COMPANY_ID } });
  stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return Response.json(me);
    if (url.startsWith(pathOf('companyLogo', { id: COMPANY_ID })))
      return new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }));
    if (url.startsWith(pathOf('getCompany', { id: COMPANY_ID })))
      return answer('getCompany', company(stored));
    return undefined;
  });
  return renderScreen(
    () => (
      <WithMe>
        <Card />
      </WithMe>
    ),
    '/companymanagement/company',
  );
}

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'account', deAccount, true, true);
  i18n.addResourceBundle('en', 'account', enAccount, true, true);
  await loadRouteFacts();
});

beforeEach(async () => {
  await i18n.changeLanguage('de');
  uploads.answers = [];
  uploads.urls = [];
  stored = null;
});

const chosen = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });

describe('company logo card (issue 37)', () => {
  it('uploads a logo and shows it with type, pixels and size', async () => {
    renderCard(['ROLE_COMPANY_ADMIN']);
    expect(await screen.findByText('Kein Logo')).toBeInTheDocument();
    expect(
      screen.getByText(/PNG oder JPEG, höchstens 512 KB, jede Seite 16 bis 2000 Pixel/),
    ).toBeInTheDocument();
    uploads.answers.push(fixture('uploadCompanyLogo', LOGO));
    stored = LOGO;
    fireEvent.change(screen.getByTestId('company-logo-input'), {
      target: { files: [chosen('logo.png', 'image/png')] },
    });
    expect(await screen.findByTestId('company-logo-facts')).toHaveTextContent(
      'PNG · 480 × 120 Pixel · 11,0 KB',
    );
    expect(uploads.urls).toEqual([pathOf('uploadCompanyLogo', { id: COMPANY_ID })]);
    expect(await screen.findByRole('img', { name: 'Logo von Demo Logistik GmbH' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logo ersetzen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logo entfernen' })).toBeInTheDocument();
  });

  it('says in its own words why a file was refused', async () => {
    renderCard(['ROLE_COMPANY_ADMIN']);
    await screen.findByText('Kein Logo');
    uploads.answers.push(new ApiError(415, { code: 50300, message: 'invalidFileType' }));
    fireEvent.change(screen.getByTestId('company-logo-input'), {
      target: { files: [chosen('logo.svg', 'image/svg+xml')] },
    });
    expect(await screen.findByTestId('company-logo-error')).toHaveTextContent(
      'Bitte ein Bild im Format PNG oder JPEG wählen',
    );
    uploads.answers.push(new ApiError(413, { code: 50300, message: 'payloadTooLarge' }));
    fireEvent.change(screen.getByTestId('company-logo-input'), {
      target: { files: [chosen('big.jpg', 'image/jpeg')] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('company-logo-error')).toHaveTextContent(
        'Die Datei ist zu groß: höchstens 512 KB.',
      ),
    );
  });

  it('shows the logo but no upload to a user who may not change the company', async () => {
    stored = LOGO;
    renderCard(['ROLE_CFT_USER']);
    expect(await screen.findByTestId('company-logo-facts')).toBeInTheDocument();
    expect(screen.queryByTestId('company-logo-upload')).toBeNull();
    expect(screen.queryByTestId('company-logo-remove')).toBeNull();
  });
});
