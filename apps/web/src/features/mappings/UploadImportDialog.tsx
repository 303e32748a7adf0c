import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { errorText } from '../../components/errors.ts';
import { uploadFile } from '../../components/files.ts';
import { FilePicker } from './FilePicker.tsx';
import { ACCEPT, useMappings, type ImportTask } from './mappingsApi.ts';

/** Uploads a file with an active mapping; the import itself runs in the background as a task. */
export function UploadImportDialog({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded: (task: ImportTask) => void;
}) {
  const { t } = useTranslation(['mappings', 'common']);
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const mappings = useMappings({ status: '1', limit: 100, 'order[templateName]': 'asc' });
  const list = mappings.data?.['hydra:member'] ?? [];
  const [mappingId, setMappingId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mapping = list.find((m) => m.id === mappingId);
  const busy = progress !== null;

  const upload = async () => {
    if (!file || !mapping) return;
    setError(null);
    setProgress(0);
    try {
      onUploaded(
        await uploadFile<ImportTask>('/api/mapping-import-tasks', file, {
          fields: { mappingId },
          onProgress: setProgress,
        }),
      );
    } catch (err) {
      setError(errorText(err));
      setProgress(null);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="upload-import-title"
    >
      <DialogTitle id="upload-import-title">{t('tasks.uploadTitle')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        {mappings.isSuccess && list.length === 0 ? (
          <Alert severity="info">{t('tasks.noMappings')}</Alert>
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
                if (file && next && !file.name.toLowerCase().endsWith(`.${next.mappingFormat}`))
                  setFile(null);
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
              <FilePicker
                accept={mapping ? ACCEPT[mapping.mappingFormat] : `${ACCEPT.xlsx},${ACCEPT.csv}`}
                file={file}
                disabled={busy || !mapping}
                label={t('tasks.chooseFile')}
                onChange={(f) => {
                  setError(null);
                  setFile(f);
                }}
                onError={setError}
                testId="import-file-input"
              />
            </Box>
            {busy && (
              <LinearProgress variant="determinate" value={progress} aria-label={t('wizard.uploading')} />
            )}
          </>
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void upload()}
          disabled={busy || !file || !mapping}
          data-testid="import-upload"
        >
          {t('tasks.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
