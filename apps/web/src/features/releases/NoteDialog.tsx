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

type Texts = Record<TextKey, string>;

/** One text of the note in one language. */
function NoteTextField({
  f,
  texts,
  onChange,
  required,
  rows,
  max,
}: {
  f: TextKey;
  texts: Texts;
  onChange: (f: TextKey, value: string) => void;
  required?: boolean;
  rows?: number;
  max: number;
}) {
  const { t } = useTranslation(['releases', 'common']);
  return (
    <TextField
      label={t(`note.${f}`)}
      value={texts[f]}
      required={required}
      multiline={!!rows}
      minRows={rows}
      onChange={(e) => onChange(f, e.target.value)}
      slotProps={{ htmlInput: { maxLength: max, 'data-testid': `release-note-${f}` } }}
    />
  );
}

/** Title, short description and description, German beside English. */
function NoteTexts({ texts, onChange }: { texts: Texts; onChange: (f: TextKey, value: string) => void }) {
  const { t } = useTranslation(['releases', 'common']);
  return (
    <>
      {/* One column on phones: the field labels name the language there. */}
      <Typography variant="subtitle2" sx={{ mt: 1, display: { xs: 'none', sm: 'block' } }}>
        {t('note.german')}
      </Typography>
      <Typography variant="subtitle2" sx={{ mt: 1, display: { xs: 'none', sm: 'block' } }}>
        {t('note.english')}
      </Typography>
      <NoteTextField f="titleDe" texts={texts} onChange={onChange} required max={255} />
      <NoteTextField f="titleEn" texts={texts} onChange={onChange} required max={255} />
      <NoteTextField f="shortDescriptionDe" texts={texts} onChange={onChange} rows={2} max={2000} />
      <NoteTextField f="shortDescriptionEn" texts={texts} onChange={onChange} rows={2} max={2000} />
      <NoteTextField f="descriptionDe" texts={texts} onChange={onChange} rows={5} max={50_000} />
      <NoteTextField f="descriptionEn" texts={texts} onChange={onChange} rows={5} max={50_000} />
    </>
  );
}

/** As users will see the note (ReleaseNotesView), in each language, with the HTML as the server keeps it. */
function NotePreview({ texts }: { texts: Texts }) {
  const { t } = useTranslation(['releases', 'common']);
  return (
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
  );
}

/** The module of the note; fixed where the dialog offers one module only. */
function ModuleSelect({
  value,
  onChange,
  modules,
}: {
  value: ModuleCode;
  onChange: (m: ModuleCode) => void;
  modules: readonly ModuleCode[];
}) {
  const { t } = useTranslation(['releases', 'common']);
  return (
    <TextField
      select
      label={t('common:module.label')}
      value={value}
      onChange={(e) => onChange(e.target.value as ModuleCode)}
      disabled={modules.length < 2}
      slotProps={{ select: { inputProps: { 'data-testid': 'release-note-module' } } }}
    >
      {modules.map((m) => (
        <MenuItem key={m} value={m}>
          {t(`common:module.${m}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

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
  const [texts, setTexts] = useState<Texts>(
    () => Object.fromEntries(TEXTS.map((f) => [f, note?.[f] ?? ''])) as Texts,
  );
  const save = useApiMutation({
    mutate: (body: Texts & { position: string; module: ModuleCode }) =>
      note
        ? call('updateReleaseNote', { params: { id: note.id }, body })
        : call('createReleaseNote', { body: { ...body, releaseVersion: version.id } }),
    invalidate: RELEASE_KEYS,
    success: (saved) => t(note ? 'notify.noteSaved' : 'notify.noteCreated', { title: saved.title }),
    onSuccess: onClose,
  });
  const positionValid = /^\s*\d+/.test(position);
  const complete = texts.titleDe.trim() !== '' && texts.titleEn.trim() !== '' && positionValid;
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
      <ModuleSelect value={moduleValue} onChange={setModule} modules={modules ?? MODULES} />
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
      <NoteTexts texts={texts} onChange={(f, value) => setTexts((x) => ({ ...x, [f]: value }))} />
      <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
        {t('note.htmlHint')}
      </Typography>
      <FormControlLabel
        sx={{ gridColumn: '1 / -1' }}
        control={<Switch checked={preview} onChange={(e) => setPreview(e.target.checked)} />}
        label={t('note.preview')}
      />
      {preview && <NotePreview texts={texts} />}
    </FormDialog>
  );
}
