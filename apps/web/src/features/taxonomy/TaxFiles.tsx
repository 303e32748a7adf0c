import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TAX_FILE_MAX_BYTES,
  TAX_FILE_PATH_TYPES,
  TAX_FILE_TYPES_ALLOWED,
  type TaxFile,
  type TaxFileOwner,
} from '@klimadesk/contract/taxonomy/schemas';
import { call, callFile, upload } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { RowActionButtons } from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { formatDateTime } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { TAX_QUERY_KEYS } from './taxQueries.ts';

/** The delete call spells the financial year `financial-year` in its path (seed 001 §7). */
const PATH_TYPE: Record<TaxFileOwner, (typeof TAX_FILE_PATH_TYPES)[number]> = {
  activity: 'activity',
  criteria: 'criteria',
  dnsh: 'dnsh',
  financialYear: 'financial-year',
};

const sizeText = (bytes: number, lang: 'de' | 'en') =>
  bytes < 1024 * 1024
    ? `${new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`
    : `${new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

/**
 * The evidence files of an activity, criterion, DNSH check or financial year with their notes:
 * download, upload with a note (10 MB, documents, spreadsheets and images) and delete.
 */
export function TaxFiles({
  type,
  ownerId,
  files,
  canWrite,
  testId,
}: {
  type: TaxFileOwner;
  ownerId: string;
  files: readonly TaxFile[];
  canWrite: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('taxonomy');
  const input = useRef<HTMLInputElement>(null);
  const { note, setNote, progress, send, remove, download } = useTaxFileActions(type, ownerId);

  return (
    <Box data-testid={testId} sx={{ display: 'grid', gap: 1.5 }}>
      {files.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('files.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {files.map((file) => (
            <TaxFileItem
              key={file.id}
              file={file}
              canWrite={canWrite}
              onDownload={() => void download(file)}
              onRemove={() => void remove(file)}
            />
          ))}
        </Box>
      )}
      {canWrite && (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('files.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            sx={{ flex: '1 1 220px' }}
          />
          <Button
            variant="outlined"
            startIcon={<AttachFile />}
            disabled={progress !== null}
            onClick={() => input.current?.click()}
          >
            {t('files.add')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={TAX_FILE_TYPES_ALLOWED.join(',')}
            data-testid={testId ? `${testId}-input` : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void send(file);
            }}
          />
        </Box>
      )}
      {progress !== null && (
        <LinearProgress variant="determinate" value={progress} aria-label={t('files.uploading')} />
      )}
    </Box>
  );
}

/** Upload with the note typed (and its progress), delete and download of an owner's files. */
function useTaxFileActions(type: TaxFileOwner, ownerId: string) {
  const { t } = useTranslation('taxonomy');
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const refresh = () => Promise.all(TAX_QUERY_KEYS.map((queryKey) => qc.invalidateQueries({ queryKey })));

  const send = async (file: File) => {
    if (file.size > TAX_FILE_MAX_BYTES) {
      notify(t('files.tooLarge'), 'error');
      return;
    }
    setProgress(0);
    try {
      await upload('uploadTaxFile', file, {
        fields: { id: ownerId, type, ...(note.trim() ? { note: note.trim() } : {}) },
        onProgress: setProgress,
      });
      setNote('');
      notify(t('files.uploaded', { name: file.name }), 'success', { log: true });
      await refresh();
    } catch (err) {
      notifyError(err, { log: true });
    } finally {
      setProgress(null);
    }
  };
  const remove = async (file: TaxFile) => {
    try {
      await call('deleteTaxFile', { params: { type: PATH_TYPE[type], id: file.id } });
      notify(t('files.deleted', { name: file.name }), 'success', { log: true });
      await refresh();
    } catch (err) {
      notifyError(err, { log: true });
    }
  };
  const download = async (file: TaxFile) => {
    try {
      const { blob, fileName } = await callFile('taxFile', { params: { id: file.id } });
      saveBlob(blob, fileName ?? file.name);
    } catch (err) {
      notifyError(err);
    }
  };
  return { note, setNote, progress, send, remove, download };
}

/** A file with its size, date and note, and its download and (for writers) delete. */
function TaxFileItem({
  file,
  canWrite,
  onDownload,
  onRemove,
}: {
  file: TaxFile;
  canWrite: boolean;
  onDownload: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('taxonomy');
  const lang = currentLanguage();
  return (
    <Box
      component="li"
      key={file.id}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <InsertDriveFileOutlined color="action" />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={file.name}>
          {file.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {sizeText(file.size, lang)} · {formatDateTime(file.createdAt, lang)}
        </Typography>
        {file.note && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file.note}
          </Typography>
        )}
      </Box>
      <RowActionButtons
        actions={[
          {
            key: 'download',
            label: t('files.download'),
            aria: t('files.downloadAria', { name: file.name }),
            icon: <FileDownloadOutlined fontSize="small" />,
            onClick: onDownload,
          },
          ...(canWrite
            ? [
                {
                  key: 'delete',
                  label: t('files.delete'),
                  aria: t('files.deleteAria', { name: file.name }),
                  icon: <DeleteOutline fontSize="small" />,
                  onClick: onRemove,
                },
              ]
            : []),
        ]}
      />
    </Box>
  );
}

/** The files of an owner under their heading, as a section of a step or dialog. */
export function TaxFilesSection(props: Parameters<typeof TaxFiles>[0]) {
  const { t } = useTranslation('taxonomy');
  return (
    <Box>
      <Typography variant="h4" sx={{ mb: 1 }}>
        {t('files.title')}
      </Typography>
      <TaxFiles {...props} />
    </Box>
  );
}
