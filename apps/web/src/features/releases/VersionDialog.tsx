import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ReleaseVersion } from '@klimadesk/contract/releases/schemas';
import { call } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';

export const RELEASE_KEYS = [['releaseVersions'], ['releaseNoteTexts']] as const;
const VERSION_PATTERN = /^\d{1,4}(\.\d{1,4}){1,3}$/;

/** Creates a release version or changes its number and date (seed 002 §7). */
export function VersionDialog({ version, onClose }: { version: ReleaseVersion | null; onClose: () => void }) {
  const { t } = useTranslation(['releases', 'common']);
  const [number, setNumber] = useState(version?.version ?? '');
  const [date, setDate] = useState(version?.releaseDate ?? '');
  const save = useApiMutation({
    mutate: (body: { version: string; releaseDate: string | null }) =>
      version
        ? call('updateReleaseVersion', { params: { id: version.id }, body })
        : call('createReleaseVersion', { body }),
    invalidate: RELEASE_KEYS,
    success: (saved) =>
      t(version ? 'notify.versionSaved' : 'notify.versionCreated', { version: saved.version }),
    onSuccess: onClose,
  });
  const valid = VERSION_PATTERN.test(number.trim());
  return (
    <FormDialog
      id="release-version"
      title={version ? t('version.editTitle', { version: version.version }) : t('version.createTitle')}
      mutation={save}
      onSubmit={() => save.run({ version: number.trim(), releaseDate: date || null })}
      onClose={onClose}
      maxWidth="xs"
      submitLabel={version ? undefined : t('common:actions.create')}
      submitDisabled={!valid}
      submitTestId="release-version-save"
    >
      <TextField
        label={t('version.number')}
        value={number}
        required
        // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        onChange={(e) => setNumber(e.target.value)}
        error={number.trim() !== '' && !valid}
        helperText={t('version.numberHint')}
        slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'release-version-number' } }}
      />
      <TextField
        label={t('version.releaseDate')}
        type="date"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'release-version-date' } }}
      />
    </FormDialog>
  );
}
