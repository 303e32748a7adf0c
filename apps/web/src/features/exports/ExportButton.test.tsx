import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXPORT_DEBOUNCE_MS } from '@klimadesk/contract/constants';
import { useNotice } from '../../components/notify.ts';
import { renderScreen } from '../../test/render.tsx';
import { setupEmissionI18n, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, errorAnswer } from '../../test/fixtures.ts';
import { ExportButton } from './ExportButton.tsx';
import { pathOf } from '../../app/client.ts';

const FILTERS = { search: 'Hamburg', tags: ['Kühl', 'Express'], shippers: [], from: '2026-03-01', to: null };

let calls: Call[];
let empty: boolean;

function Notice() {
  const notice = useNotice();
  return (
    <output data-testid="notice" data-link={notice?.link?.to ?? ''}>
      {notice ? `${notice.severity}: ${notice.message}` : ''}
    </output>
  );
}

beforeAll(() => setupEmissionI18n('de'));

beforeEach(() => {
  empty = false;
  calls = stubApi(() =>
    empty
      ? errorAnswer('emptyExport')
      : answer('exportShipments', {
          id: '00000000-0000-4000-8000-0000000000e1',
          kind: 'shipments',
          status: 0,
          progress: 0,
          totalRows: 0,
          exportStartTime: '2026-03-02T09:00:00.000Z',
          exportEndTime: null,
          exportedBy: 'Uwe Nutzer',
          fileName: 'sendungen.xlsx',
          downloadUrl: null,
          availableUntil: null,
          filters: { search: 'Hamburg', tag: ['Kühl', 'Express'], 'departureDate[after]': '2026-03-01' },
          message: null,
        }),
  );
});

async function renderButton() {
  const user = userEvent.setup();
  await renderScreen(
    () => (
      <>
        <ExportButton kind="shipments" filters={FILTERS} />
        <Notice />
      </>
    ),
    '/shipments',
  );
  return { user, button: screen.getByRole('button', { name: 'Exportieren' }) };
}

describe('export button', () => {
  it('starts one job with the list filters and confirms it', async () => {
    const { user, button } = await renderButton();
    await user.click(button);
    await waitFor(() => expect(screen.getByTestId('notice')).toHaveTextContent('success: Export gestartet.'));
    expect(calls.map((c) => c.url)).toEqual([
      `${pathOf('exportShipments')}?search=Hamburg&tag=K%C3%BChl&tag=Express&departureDate%5Bafter%5D=2026-03-01`,
    ]);
    // A second click right away does not start a second job.
    expect(button).toBeDisabled();
    await waitFor(() => expect(button).toBeEnabled(), { timeout: EXPORT_DEBOUNCE_MS + 1000 });
  });

  it('starts one job on a double click and links the notice to the export list', async () => {
    const { button } = await renderButton();
    // Both clicks land before React renders the disabled button.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('notice')).toHaveTextContent('success: Export gestartet.'));
    expect(calls).toHaveLength(1);
    expect(screen.getByTestId('notice')).toHaveAttribute('data-link', '/system/export-jobs');
  });

  it('says so when the filters match nothing', async () => {
    empty = true;
    const { user, button } = await renderButton();
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('notice')).toHaveTextContent(
        'warning: Für diese Filter gibt es keine Daten zum Exportieren.',
      ),
    );
  });
});
