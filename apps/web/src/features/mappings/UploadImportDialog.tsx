import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions, upload } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { FilePicker } from './FilePicker.tsx';
import { TemplateDownloads } from './TemplateDownloads.tsx';
import { ACCEPT, type ImportTask } from './mappingsApi.ts';

/** Uploads a file with an active mapping; the import itself runs in the background as a task. */
export function UploadImportDialog({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded: (task: ImportTask) => void;
}) {
  const { t } = useTranslation(['mappings', 'common']);
  const mappings = useQuery(
    queryOptions('mappings', { query: { status: '1', limit: 100, 'order[templateName]': 'asc' } }),
  );
  const list = mappings.data?.['hydra:member'] ?? [];
  const [mappingId, setMappingId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [confirmImplausible, setConfirmImplausible] = useState(false);
  const mapping = list.find((m) => m.id === mappingId);
  // The one active template needs no choosing.
  useEffect(() => {
    if (list.length === 1 && mappingId === '') setMappingId(list[0].id);
  }, [list, mappingId]);
  const send = useApiMutation({
    mutate: (f: File) =>
      upload('uploadImport', f, {
        fields: { mappingId, ...(confirmImplausible ? { confirmImplausible: 'true' } : {}) },
        onProgress: setProgress,
      }),
    invalidate: [['importTasks']],
    success: (task) => t('tasks.uploaded', { file: task.fileName }),
    onSuccess: onUploaded,
  });
  const busy = send.busy;

  return (
    <FormDialog
      id="upload-import"
      title={t('tasks.uploadTitle')}
      mutation={{
        busy,
        error: pickError ?? send.error,
        clearError: () => {
          setPickError(null);
          send.clearError();
        },
      }}
      onSubmit={async () => {
        if (!file || !mapping) return;
        setPickError(null);
        setProgress(0);
        if (!(await send.run(file))) setProgress(null);
      }}
      onClose={onClose}
      maxWidth="sm"
      submitLabel={t('tasks.upload')}
      submitDisabled={!file || !mapping}
      submitTestId="import-upload"
    >
      {mappings.isSuccess && list.length === 0 ? (
        <Alert severity="info" data-testid="import-no-mappings">
          {t('tasks.noMappingsText')}{' '}
          <RouterLink to="/system/mappings" sx={{ fontWeight: 600 }} onClick={onClose}>
            {t('tasks.toMappings')}
          </RouterLink>
          <TemplateDownloads />
        </Alert>
      ) : (
        <>
          <TextField
            select
            required
            label={t('tasks.mapping')}
            value={mappingId}
            disabled={busy}
            onChange={(e) => {
              setMappingId(e.target.value);
              const next = list.find((m) => m.id === e.target.value);
              if (file && next && !file.name.toLowerCase().endsWith(`.${next.mappingFormat}`)) setFile(null);
            }}
            helperText={
              mapping
                ? `${t(`categories.${mapping.mappingFieldCategory}`)} · ${t(`formats.${mapping.mappingFormat}`)}`
                : ' '
            }
          >
            {list.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.templateName}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('tasks.fileHelp')}
            </Typography>
            <TemplateDownloads />
            <FilePicker
              accept={mapping ? ACCEPT[mapping.mappingFormat] : `${ACCEPT.xlsx},${ACCEPT.csv}`}
              file={file}
              disabled={busy || !mapping}
              label={t('tasks.chooseFile')}
              onChange={(f) => {
                setPickError(null);
                send.clearError();
                setFile(f);
              }}
              onError={setPickError}
              testId="import-file-input"
            />
          </Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={confirmImplausible}
                disabled={busy}
                onChange={(e) => setConfirmImplausible(e.target.checked)}
                data-testid="import-confirm-implausible"
              />
            }
            label={
              <Box>
                <Typography variant="body2">{t('tasks.confirmImplausible')}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('tasks.confirmImplausibleHelp')}
                </Typography>
              </Box>
            }
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
          />
          {busy && progress !== null && (
            <LinearProgress variant="determinate" value={progress} aria-label={t('wizard.uploading')} />
          )}
        </>
      )}
    </FormDialog>
  );
}
