import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { webTexts } from '../test/messages.ts';
import { call, queryOptions, pathOf } from '../app/client.ts';
import { answer, errorAnswer } from '../test/fixtures.ts';
import { renderScreen } from '../test/render.tsx';
import { FormDialog } from './FormDialog.tsx';
import { SnackbarHost } from './SnackbarHost.tsx';
import { useApiMutation } from './useApiMutation.ts';

const deErrors = webTexts.de.errors;

const GROUP = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Kühlung',
  colorCode: '#0f766e',
  textColor: '#ffffff',
  tags: [],
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
};

let listFetches: number;
let answerPost: () => Promise<Response>;

beforeEach(() => {
  listFetches = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'POST' && url === pathOf('createTagGroup')) return answerPost();
      if (url.startsWith(pathOf('tagGroups'))) {
        listFetches += 1;
        return answer('tagGroups', { 'hydra:member': [], 'hydra:totalItems': 0 });
      }
      return errorAnswer('notFound');
    }),
  );
});

/** A create dialog on the kits, beside the list it refreshes. */
function Screen({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const onClose = () => {
    setOpen(false);
    onClosed();
  };
  useQuery(queryOptions('tagGroups'));
  const save = useApiMutation({
    mutate: (name: string) => call('createTagGroup', { body: { name, colorCode: '#0f766e', tags: [] } }),
    invalidate: [['tagGroups']],
    success: (g) => `${g.name} angelegt`,
    onSuccess: onClose,
  });
  return (
    <>
      <SnackbarHost />
      {open && (
        <FormDialog
          id="group"
          title="Neue Gruppe"
          mutation={save}
          onSubmit={() => save.run('Kühlung')}
          onClose={onClose}
          submitLabel="Anlegen"
        >
          <input aria-label="Name" />
        </FormDialog>
      )}
    </>
  );
}

async function open() {
  const onClose = vi.fn();
  const user = userEvent.setup();
  await renderScreen(() => <Screen onClosed={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Neue Gruppe' });
  return { user, dialog, onClose };
}

describe('FormDialog with useApiMutation', () => {
  it('shows a refusal in the words of the error catalogue and keeps the dialog open', async () => {
    answerPost = async () => errorAnswer('readOnly');
    const { user, dialog, onClose } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(deErrors.readOnly);
    expect(onClose).not.toHaveBeenCalled();
    // The error stays until the user closes it, and may be closed without a retry.
    await user.click(within(alert).getByRole('button'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Anlegen' })).toBeEnabled();
  });

  it('is busy while the write runs, then closes, confirms with a Log link and refetches the list', async () => {
    let release: (r: Response) => void = () => undefined;
    answerPost = () => new Promise<Response>((resolve) => (release = resolve));
    const { user, dialog, onClose } = await open();
    await waitFor(() => expect(listFetches).toBe(1));

    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Anlegen' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeDisabled();

    release(answer('createTagGroup', GROUP));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar).toHaveTextContent('Kühlung angelegt');
    expect(within(snackbar).getByRole('link', { name: 'Protokoll' })).toBeVisible();
    await waitFor(() => expect(listFetches).toBe(2));
  });
});
