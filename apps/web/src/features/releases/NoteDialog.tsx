import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import type { ReleaseNote, ReleaseVersion } from '@klimadesk/contract/releases/schemas';
import { call } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { previewHtml } from './previewHtml.ts';
import { NoteBody } from './ReleaseNotesView.tsx';
import { RELEASE_KEYS } from './VersionDialog.tsx';

const TEXTS = [
  'titleDe',
  'titleEn',
  'shortDescriptionDe',
  'shortDescriptionEn',
  'descriptionDe',
  'descriptionEn',
] as const;
type TextKey = (typeof TEXTS)[number];

/**
 * Creates or changes one note of a version: module, position (sent as typed; the server parses it
 * as an integer, seed 002 §5) and title, short description and description in German and English.
 */
export function NoteDialog({
  version,
  module,
  note,
  nextPosition,
  modules,
  onClose,
}: {
  version: ReleaseVersion;
  module: ModuleCode;
  note: ReleaseNote | null;
  nextPosition: number;
  /** The modules a note may be moved to. */
  modules?: readonly ModuleCode[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['releases', 'common']);
  const [moduleValue, setModule] = useState<ModuleCode>(note?.module ?? module);
  const [position, setPosition] = useState(String(note?.position ?? nextPosition));
  const [preview, setPreview] = useState(false);
  const [texts, setTexts] = useState<Record<TextKey, string>>(
    () => Object.fromEntries(TEXTS.map((f) => [f, note?.[f] ?? ''])) as Record<TextKey, string>,
  );
  const save = useApiMutation({
    mutate: (body: Record<TextKey, string> & { position: string; module: ModuleCode }) =>
      note
        ? call('updateReleaseNote', { params: { id: note.id }, body })
        : call('createReleaseNote', { body: { ...body, releaseVersion: version.id } }),
    invalidate: RELEASE_KEYS,
    success: (saved) => t(note ? 'notify.noteSaved' : 'notify.noteCreated', { title: saved.title }),
    onSuccess: onClose,
  });
  const positionValid = /^\s*\d+/.test(position);
  const complete = texts.titleDe.trim() !== '' && texts.titleEn.trim() !== '' && positionValid;
  const field = (f: TextKey, opts: { required?: boolean; rows?: number; max: number }) => (
    <TextField
      key={f}
      label={t(`note.${f}`)}
      value={texts[f]}
      required={opts.required}
      multiline={!!opts.rows}
      minRows={opts.rows}
      onChange={(e) => setTexts((x) => ({ ...x, [f]: e.target.value }))}
      slotProps={{ htmlInput: { maxLength: opts.max, 'data-testid': `release-note-${f}` } }}
    />
  );
  return (
    <FormDialog
      id="release-note"
      title={
        note
          ? t('note.editTitle', { version: version.version })
          : t('note.createTitle', { version: version.version })
      }
      mutation={save}
      onSubmit={() => save.run({ ...texts, position, module: moduleValue })}
      onClose={onClose}
      submitLabel={note ? undefined : t('common:actions.create')}
      submitDisabled={!complete}
      submitTestId="release-note-save"
      requiredHint
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <TextField
        select
        label={t('common:module.label')}
        value={moduleValue}
        onChange={(e) => setModule(e.target.value as ModuleCode)}
        disabled={(modules ?? MODULES).length < 2}
        slotProps={{ select: { inputProps: { 'data-testid': 'release-note-module' } } }}
      >
        {(modules ?? MODULES).map((m) => (
          <MenuItem key={m} value={m}>
            {t(`common:module.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('note.position')}
        value={position}
        required
        onChange={(e) => setPosition(e.target.value)}
        error={!positionValid}
        helperText={t('note.positionHint')}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'release-note-position' },
        }}
      />
      {/* One column on phones: the field labels name the language there. */}
      <Typography variant="subtitle2" sx={{ mt: 1, display: { xs: 'none', sm: 'block' } }}>
        {t('note.german')}
      </Typography>
      <Typography variant="subtitle2" sx={{ mt: 1, display: { xs: 'none', sm: 'block' } }}>
        {t('note.english')}
      </Typography>
      {field('titleDe', { required: true, max: 255 })}
      {field('titleEn', { required: true, max: 255 })}
      {field('shortDescriptionDe', { rows: 2, max: 2000 })}
      {field('shortDescriptionEn', { rows: 2, max: 2000 })}
      {field('descriptionDe', { rows: 5, max: 50_000 })}
      {field('descriptionEn', { rows: 5, max: 50_000 })}
      <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
        {t('note.htmlHint')}
      </Typography>
      <FormControlLabel
        sx={{ gridColumn: '1 / -1' }}
        control={<Switch checked={preview} onChange={(e) => setPreview(e.target.checked)} />}
        label={t('note.preview')}
      />
      {preview && (
        // As users will see the note (ReleaseNotesView), in each language, with the HTML as the server keeps it.
        <Box
          data-testid="release-note-preview"
          sx={{
            gridColumn: '1 / -1',
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {(['De', 'En'] as const).map((l) => (
            <Box key={l} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, minWidth: 0 }}>
              <Typography variant="overline" color="text.secondary">
                {t(l === 'De' ? 'note.german' : 'note.english')}
              </Typography>
              <NoteBody
                note={{
                  title: texts[`title${l}`] || t('note.previewNoTitle'),
                  shortDescription: texts[`shortDescription${l}`],
                  description: previewHtml(texts[`description${l}`]),
                }}
              />
            </Box>
          ))}
        </Box>
      )}
    </FormDialog>
  );
}
