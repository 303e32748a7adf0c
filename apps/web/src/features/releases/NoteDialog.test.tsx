import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addTestBundle, renderScreen, setupTestI18n } from '../../test/render.tsx';
import { webTexts } from '../../test/messages.ts';
import { stubApi } from '../../test/emissions.tsx';
import type { ReleaseVersion } from '@klimadesk/contract/releases/schemas';
import { NoteDialog } from './NoteDialog.tsx';

const deReleases = webTexts.de.releases;
const enReleases = webTexts.en.releases;

const VERSION: ReleaseVersion = {
  id: '00000000-0000-4000-8000-0000000000c1',
  version: '3.2.0',
  releaseDate: null,
  released: 0,
  notes: 0,
};

describe('release note editor preview (issue 37)', () => {
  it('shows the note in both languages as users will read it, without running what was typed', async () => {
    stubApi(() => undefined);
    await setupTestI18n();
    addTestBundle('releases', deReleases, enReleases);
    const u = userEvent.setup();
    await renderScreen(() => (
      <NoteDialog version={VERSION} module="cft" note={null} nextPosition={1} onClose={() => {}} />
    ));
    await u.type(screen.getByTestId('release-note-titleDe'), 'PDF mit Logo');
    await u.type(screen.getByTestId('release-note-titleEn'), 'PDF with logo');
    // userEvent reads braces and brackets as keys: the description is pasted.
    await u.click(screen.getByTestId('release-note-descriptionDe'));
    await u.paste('<p onclick="x()">Neu: <strong>Kopf</strong></p><script>window.hacked = 1</script>');
    expect(screen.queryByTestId('release-note-preview')).toBeNull();
    await u.click(screen.getByLabelText('Vorschau'));
    const preview = screen.getByTestId('release-note-preview');
    const [de, en] = within(preview).getAllByTestId('release-note');
    expect(within(de).getByRole('heading', { name: 'PDF mit Logo' })).toBeInTheDocument();
    expect(within(de).getByText('Kopf').tagName).toBe('STRONG');
    expect(de.innerHTML).not.toContain('onclick');
    expect(de.innerHTML).not.toContain('script');
    expect(within(en).getByRole('heading', { name: 'PDF with logo' })).toBeInTheDocument();
  });
});
