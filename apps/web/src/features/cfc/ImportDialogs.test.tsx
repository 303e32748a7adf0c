import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { ERRORS } from '@klimadesk/contract/platform/errors';
import { ApiError } from '../../app/api.ts';
import deCfc from '../../locales/de/cfc.json';
import enCfc from '../../locales/en/cfc.json';
import { renderScreen, addTestBundle, setupTestI18n } from '../../test/render.tsx';
import { ImportErrorsDialog, importIssueText, importIssuesOf } from './ImportDialogs.tsx';

beforeAll(async () => {
  await setupTestI18n();
  addTestBundle('cfc', deCfc, enCfc);
});

const refused = (issues: unknown) =>
  new ApiError(ERRORS.cfcImportFailed.status, {
    code: ERRORS.cfcImportFailed.body,
    message: 'cfcImportFailed',
    detail: { issues },
  });

describe('section import (seed 001 §5)', () => {
  it('takes the row issues of a refused import only', () => {
    const issues = [{ row: 3, column: 'Menge', code: 'invalidAmount', value: 'zehn' }];
    expect(importIssuesOf(refused(issues))).toEqual(issues);
    // Another refusal carries no issue list for the dialog.
    expect(importIssuesOf(new ApiError(403, { code: 50300, message: 'writeEntryNotAllowed' }))).toEqual([]);
    expect(importIssuesOf(new Error('x'))).toEqual([]);
  });

  it('names each per-field code in words, falling back to the catalogue', async () => {
    await i18n.changeLanguage('en');
    expect(importIssueText('missingTreatment')).toBe('Treatment missing');
    expect(importIssueText('cfcImportFailed')).toMatch(/import/i);
    await i18n.changeLanguage('de');
    expect(importIssueText('unsupportedUnit')).toBe('Einheit wird nicht unterstützt');
  });

  it('lists row, column, value and message in the validation-error dialog', async () => {
    const user = userEvent.setup({ delay: null });
    let closed = false;
    await renderScreen(() => (
      <ImportErrorsDialog
        issues={[
          { row: 4, column: 'Menge', code: 'invalidAmount', value: 'viel' },
          { row: 6, column: 'Einheit', code: 'unsupportedUnit', value: 'Fass' },
        ]}
        onClose={() => {
          closed = true;
        }}
      />
    ));
    const dialog = await screen.findByRole('dialog', { name: 'Fehler im Import' });
    expect(dialog).toHaveTextContent('Die Datei enthält 2 Fehler. Es wurde nichts importiert.');
    const rows = within(screen.getByTestId('cfc-import-issues')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ZeileSpalteWertFehler',
      '4MengevielUngültige Menge',
      '6EinheitFassEinheit wird nicht unterstützt',
    ]);
    await user.click(screen.getByTestId('cfc-import-errors-close'));
    expect(closed).toBe(true);
  });
});
