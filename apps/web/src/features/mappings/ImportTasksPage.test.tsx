import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { loadRouteFacts, pathOf } from '../../app/client.ts';
import { ImportTasksPage } from './ImportTasksPage.tsx';
import type { ImportTask, Mapping } from './mappingsApi.ts';

const deMappings = webTexts.de.mappings;
const enMappings = webTexts.en.mappings;

const ROLES = ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN', 'ROLE_CFT_USER'] as const;
let ME = meFixture({ roles: [...ROLES] });
const task = (
  n: number,
  counts: Pick<ImportTask, 'imported' | 'updated' | 'rejected' | 'state'>,
): ImportTask => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  fileName: `datei-${n}.xlsx`,
  status: 'success',
  done: true,
  source: 'file',
  uploadedAt: '2026-03-02T09:00:00.000Z',
  processedAt: '2026-03-02T09:00:05.000Z',
  importer: 'Uwe Nutzer',
  importMapping: null,
  progress: 100,
  totalRows: counts.imported + counts.updated + counts.rejected,
  processedRows: counts.imported + counts.updated + counts.rejected,
  message: null,
  ...counts,
});
const TASKS = [
  task(1, { state: 'failed', imported: 0, updated: 0, rejected: 5 }),
  task(2, { state: 'warning', imported: 7, updated: 0, rejected: 2 }),
  task(3, { state: 'success', imported: 4, updated: 1, rejected: 0 }),
];
const mapping = (id: string, templateName: string): Mapping => ({
  id,
  templateName,
  status: 1,
  mappingFieldCategory: 'shipment',
  mappingFormat: 'xlsx',
  formatOptions: { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' },
  mappingDetails: [],
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  createdBy: null,
  updatedBy: null,
});
let mappings: Mapping[];

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'mappings', deMappings, true, true);
  i18n.addResourceBundle('en', 'mappings', enMappings, true, true);
  await loadRouteFacts();
});

beforeEach(() => {
  mappings = [];
  stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return Response.json(ME);
    if (url.startsWith(pathOf('tourCodes')))
      return answer('tourCodes', {
        'hydra:member': [
          {
            id: '00000000-0000-4000-8000-0000000000c1',
            taskId: TASKS[0].id,
            tour: 'T1',
            row: 2,
            column: null,
            code: 'implausibleLoad',
            message: 'The load is implausibly small for this vehicle class. (18.5 kg < 40 kg)',
            time: '2026-03-02T09:00:05.000Z',
          },
        ],
        'hydra:totalItems': 1,
      });
    if (url.startsWith(pathOf('importTasks')))
      return answer('importTasks', listFixture('importTasks', TASKS));
    if (url.startsWith(pathOf('mappings'))) return answer('mappings', listFixture('mappings', mappings));
    return undefined;
  });
});

const open = (lang: 'de' | 'en') => async () => {
  // The signed-in user's language decides the screen's.
  const base = meFixture({ roles: [...ROLES] });
  ME = { ...base, userPreference: { ...base.userPreference, language: lang } } as typeof base;
  await renderScreen(
    () => (
      <WithMe>
        <ImportTasksPage />
      </WithMe>
    ),
    '/system/import-tasks',
  );
  // renderScreen sets up German; the language is switched after it.
  await i18n.changeLanguage(lang);
  return screen.findAllByTestId('task-status');
};

describe('import status chips', () => {
  it('calls an all-rejected import a failure and a partly rejected one a warning (de)', async () => {
    const cells = await open('de')();
    expect(cells[0]).toHaveTextContent('Fehlgeschlagen');
    expect(cells[0]).toHaveTextContent('5 von 5 Zeilen abgelehnt');
    expect(cells[0]).not.toHaveTextContent('Erfolgreich');
    expect(cells[1]).toHaveTextContent('Mit Warnungen');
    expect(cells[1]).toHaveTextContent('2 von 9 Zeilen abgelehnt');
    expect(cells[2]).toHaveTextContent('Erfolgreich');
    expect(within(cells[0]).getByText('Fehlgeschlagen').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'failed',
    );
  });

  it('opens the row issues with reason and fix hint in one click (en)', async () => {
    await open('en')();
    const links = screen.getAllByTestId('task-show-issues');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent('View 5 rejected rows');
    fireEvent.click(links[0]);
    const table = await screen.findByTestId('tour-codes-table');
    await within(table).findByText(/implausibly small/);
    expect(table).toHaveTextContent(
      'The load is implausibly small for this vehicle class. (18.5 kg < 40 kg)',
    );
    expect(table).toHaveTextContent('Is the weight in tonnes?');
  });
});

describe('the upload dialog', () => {
  it('links to the mappings screen when there is no active mapping', async () => {
    await open('de')();
    fireEvent.click(screen.getByTestId('import-open'));
    const hint = await screen.findByTestId('import-no-mappings');
    expect(within(hint).getByRole('link', { name: 'Zu den Zuordnungen' })).toHaveAttribute(
      'href',
      '/system/mappings',
    );
  });

  it('preselects the only active mapping', async () => {
    mappings = [mapping('00000000-0000-4000-8000-00000000b001', 'Speditionsexport')];
    await open('de')();
    fireEvent.click(screen.getByTestId('import-open'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('combobox')).toHaveTextContent('Speditionsexport');
    expect(within(dialog).getByTestId('import-confirm-implausible')).toBeInTheDocument();
  });
});
