import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { pathOf } from '../../app/client.ts';
import { addTestBundle, renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi } from '../../test/emissions.tsx';
import { answer } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { webTexts } from '../../test/messages.ts';
import { ConnectionPage } from './ConnectionPage.tsx';

const de = webTexts.de.apiKeys;
const en = webTexts.en.apiKeys;

// The connections screen as a freight user sees it: no key management, but how to push data,
// including the bulk push of issue 41 with its curl example, in German and English.

const me = meFixture({ roles: ['ROLE_CFT_USER'], routes: ['/system/connection'] });
const WAIT = { timeout: 5000 };

const renderPage = () =>
  renderScreen(
    () => (
      <WithMe>
        <ConnectionPage />
      </WithMe>
    ),
    '/system/connection',
  );

describe('ConnectionPage: bulk push', () => {
  beforeEach(() => {
    stubApi((url) => (url.startsWith(pathOf('me')) ? answer('me', me) : undefined));
  });

  it('shows the bulk push with a curl example of the push and of the job (German)', async () => {
    await setupTestI18n('de');
    addTestBundle('apiKeys', de, en);
    await renderPage();
    expect(await screen.findByText(de.bulk.title, {}, WAIT)).toBeTruthy();
    expect(screen.getByText(de.bulk.idempotent)).toBeTruthy();
    const example = screen.getByLabelText(de.bulk.example).textContent ?? '';
    expect(example).toContain(`-X POST https://<host>${pathOf('pushBulk')}`);
    expect(example).toContain('"requestId"');
    expect(example).toContain('/api/imports/bulk/<id>');
  });

  it('in English', async () => {
    const i18n = await setupTestI18n('de');
    addTestBundle('apiKeys', de, en);
    await renderPage();
    await screen.findByText(de.bulk.title, {}, WAIT);
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText(en.bulk.title, {}, WAIT)).toBeTruthy();
    expect(screen.getByText(en.bulk.poll)).toBeTruthy();
    expect(screen.getByLabelText(en.bulk.example)).toBeTruthy();
  });
});
