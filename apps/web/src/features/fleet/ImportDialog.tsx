import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Close from '@mui/icons-material/Close';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '@klimadesk/contract/constants';
import { ApiError } from '../../app/api.ts';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { formatNumber } from '../../components/format.ts';
import { errorText, notifyError } from '../../components/errors.ts';
import {
  FLEET_ROUTES,
  uploadImport,
  type FleetEntity,
  type ImportResult,
  type ImportRowError,
} from './fleetApi.ts';
import { downloadFile } from '../../components/files.ts';
import { ImportIssuesTable } from '../../components/ImportIssuesTable.tsx';
import { UploadProgress } from '../../components/UploadProgress.tsx';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

type Phase = 'idle' | 'uploading' | 'processing';

/** The column an import error names, in the words of the template. */
export function importFieldLabel(field: string | null): string {
  if (!field) return '–';
  const t = i18n.getFixedT(null, 'fleet');
  const slot = /^fuelInformation\.(\d+)(?:\.(\w+))?$/.exec(field);
  if (slot) return t(`fields.${slot[2] ?? 'fuelSlot'}`, { n: Number(slot[1]) + 1 });
  const cell = /^fuel(\d)(Consumption|Unit|Type)$/.exec(field);
  if (cell) {
    const key = { Consumption: 'consumption', Unit: 'unitFuelConsumption', Type: 'fuelType' }[cell[2]];
    return t(`fields.${key}`, { n: Number(cell[1]) });
  }
  return t(`fields.${field}`, { defaultValue: field });
}

export function importErrorText(code: string): string {
  if (code === 'validationFailed') return i18n.t('fleet:import.invalidValue');
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : code;
}

function sizeText(bytes: number): string {
  const lang = currentLanguage();
  return bytes < 1_000_000
    ? `${formatNumber(bytes / 1000, lang, 0)} KB`
    : `${formatNumber(bytes / 1_000_000, lang, 1)} MB`;
}

/**
 * Import in two steps: template, then upload with progress. A refused file lists every row
 * error; nothing is imported then, so the user fixes the file and uploads it again.
 */
export function ImportDialog({
  entity,
  title,
  onClose,
  onImported,
}: {
  entity: FleetEntity;
  title: string;
  onClose: () => void;
  onImported: (result: ImportResult) => void;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const [dragging, setDragging] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const busy = phase !== 'idle';

  const pick = (f: File | undefined) => {
    setError(null);
    setRowErrors([]);
    if (!f) return;
    if (!/\.(xlsx|csv)$/i.test(f.name)) {
      setFile(null);
      setError(t('import.wrongType'));
      return;
    }
    if (f.size > UPLOAD_MAX_BYTES) {
      setFile(null);
      setError(t('import.tooLarge'));
      return;
    }
    setFile(f);
  };

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      downloadFile(await call(FLEET_ROUTES[entity].template, { query: { lang: currentLanguage() } }));
    } catch (err) {
      notifyError(err);
    } finally {
      setTemplateBusy(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setError(null);
    setRowErrors([]);
    setProgress(0);
    setPhase('uploading');
    abort.current = new AbortController();
    try {
      const result = await uploadImport(
        entity,
        file,
        (p) => {
          setProgress(p);
          // After the last byte the server checks and writes the rows.
          if (p >= 100) setPhase('processing');
        },
        abort.current.signal,
      );
      onImported(result);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      const rows =
        err instanceof ApiError && Array.isArray(err.detail?.errors)
          ? (err.detail.errors as ImportRowError[])
          : [];
      setRowErrors(rows);
      setError(rows.length ? t('import.failedTitle') : errorText(err));
    } finally {
      setPhase('idle');
      abort.current = null;
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) pick(e.dataTransfer.files[0]);
  };

  return (
    <Dialog
      open
      onClose={close}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="import-title"
    >
      <DialogTitle id="import-title">{title}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
        <ImportStep n={1} title={t('import.step1')} text={t('import.step1Text')}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void downloadTemplate()}
            disabled={templateBusy}
            data-testid="import-template"
          >
            {t('import.template')}
          </Button>
        </ImportStep>

        <ImportStep n={2} title={t('import.step2')} text={t('import.step2Text')}>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label={t('import.choose')}
            data-testid="import-file"
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Box
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            sx={{
              border: '2px dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              bgcolor: dragging ? 'rgba(15,118,110,0.06)' : 'background.default',
              borderRadius: 3,
              p: 3,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 1.5,
              textAlign: 'center',
              transition: 'border-color 120ms, background-color 120ms',
            }}
          >
            {file ? (
              <Box
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', maxWidth: 420 }}
                aria-label={t('import.selected')}
                role="group"
              >
                <InsertDriveFileOutlined color="primary" />
                <Box sx={{ flex: 1, minWidth: 0, textAlign: 'left' }}>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600 }}
                    noWrap
                    title={file.name}
                    data-testid="import-file-name"
                  >
                    {file.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {sizeText(file.size)}
                  </Typography>
                </Box>
                <IconButton
                  size="small"
                  aria-label={t('import.remove')}
                  onClick={() => {
                    setFile(null);
                    setError(null);
                    setRowErrors([]);
                  }}
                  disabled={busy}
                >
                  <Close fontSize="small" />
                </IconButton>
              </Box>
            ) : (
              <>
                <UploadFileOutlined color="action" sx={{ fontSize: 36 }} />
                <Typography variant="body2" color="text.secondary">
                  {t('import.drop')}
                </Typography>
              </>
            )}
            <Button variant="text" onClick={() => input.current?.click()} disabled={busy}>
              {t('import.choose')}
            </Button>
          </Box>
        </ImportStep>

        {busy && (
          <UploadProgress
            phase={phase}
            progress={progress}
            text={{
              uploading: t('import.uploading'),
              processing: t('import.processing'),
              progress: t('import.progress'),
            }}
          />
        )}

        {error && (
          <Alert severity="error" role="alert" data-testid="import-error">
            {rowErrors.length > 0 && <AlertTitle>{error}</AlertTitle>}
            {rowErrors.length > 0 ? t('import.failedText') : error}
          </Alert>
        )}

        {rowErrors.length > 0 && (
          <ImportIssuesTable
            issues={rowErrors.map((r) => ({
              row: r.row,
              column: importFieldLabel(r.field),
              message: importErrorText(r.code),
            }))}
            headers={{ row: t('import.row'), column: t('import.field'), message: t('import.error') }}
            label={t('import.errorsLabel')}
            testId="import-errors"
            maxHeight={280}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common:actions.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={!file || busy}
          data-testid="import-start"
        >
          {t('import.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A numbered step of the import: its heading and what to do, then its controls. */
function ImportStep({
  n,
  title,
  text,
  children,
}: {
  n: number;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`import-step${n}`}>
      <Typography id={`import-step${n}`} variant="h4" component="h3">
        {n}. {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        {text}
      </Typography>
      {children}
    </Box>
  );
}
