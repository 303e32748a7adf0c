import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CFC_DOCUMENT_MAX_BYTES, type CfcDocument, type CfcEntry } from '@klimadesk/contract/cfc/schemas';
import { call, callFile, upload } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { errorText, notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { formatDateTime, formatNumber } from '../../components/format.ts';
import { UploadProgress } from '../../components/UploadProgress.tsx';
import { ViewDialog } from '../../components/ViewDialog.tsx';
import { ENTRY_KEYS } from './cfc.ts';

/** What the file input offers; the server checks the content (PDF, images, office files). */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.xlsx,.xls,.docx,.doc,.pptx,.ods,.odt,.csv';

/** The documents of an entry (seed 001 §3): upload up to 10 MB each, download, remove. */
export function DocumentsDialog({
  entry,
  canWrite,
  onClose,
}: {
  entry: CfcEntry;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const { docs, progress, error, setError, add, download, remove } = useEntryDocuments(entry);

  return (
    <ViewDialog
      id="cfc-docs-title"
      title={t('documents.title', { name: entry.activityName ?? entry.emissionFactorName ?? '' })}
      onClose={onClose}
      maxWidth="sm"
      close={{ primary: true }}
      contentSx={{ display: 'grid', gap: 2 }}
      actions={
        canWrite && (
          <Button component="label" startIcon={<UploadFileOutlined />} disabled={progress !== null}>
            {t('documents.add')}
            <input
              hidden
              type="file"
              accept={ACCEPT}
              data-testid="cfc-document-input"
              onChange={(e) => {
                void add(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
        )
      }
    >
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {docs.length === 0 ? (
        <Typography color="text.secondary">{t('documents.empty')}</Typography>
      ) : (
        <DocumentList docs={docs} canWrite={canWrite} onDownload={download} onRemove={remove} />
      )}
      {progress !== null && (
        <UploadProgress
          phase={progress >= 100 ? 'processing' : 'uploading'}
          progress={progress}
          text={{
            uploading: t('documents.uploading'),
            processing: t('documents.processing'),
            progress: t('documents.progress'),
          }}
        />
      )}
    </ViewDialog>
  );
}

/** The entry's documents as the dialog shows them, with upload (and its progress), download and removal. */
function useEntryDocuments(entry: CfcEntry) {
  const { t } = useTranslation(['cfc', 'common']);
  const qc = useQueryClient();
  const [docs, setDocs] = useState<CfcDocument[]>(entry.documents);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    for (const queryKey of ENTRY_KEYS) void qc.invalidateQueries({ queryKey });
  };

  const add = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > CFC_DOCUMENT_MAX_BYTES) {
      setError(t('documents.tooLarge'));
      return;
    }
    setProgress(0);
    try {
      const doc = await upload('cfcUploadFile', file, {
        fields: { entry: entry.id },
        onProgress: setProgress,
      });
      setDocs((d) => [...d, doc]);
      refresh();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
    }
  };

  const download = async (doc: CfcDocument) => {
    try {
      const { blob, fileName } = await callFile('cfcFile', { params: { id: doc.id } });
      saveBlob(blob, fileName ?? doc.fileName);
    } catch (err) {
      notifyError(err);
    }
  };

  const remove = async (doc: CfcDocument) => {
    setError(null);
    try {
      await call('cfcDeleteFile', { params: { id: doc.id } });
      setDocs((d) => d.filter((x) => x.id !== doc.id));
      refresh();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return { docs, progress, error, setError, add, download, remove };
}

function DocumentList({
  docs,
  canWrite,
  onDownload,
  onRemove,
}: {
  docs: CfcDocument[];
  canWrite: boolean;
  onDownload: (doc: CfcDocument) => Promise<void>;
  onRemove: (doc: CfcDocument) => Promise<void>;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  return (
    <List dense data-testid="cfc-documents">
      {docs.map((d) => (
        <ListItem
          key={d.id}
          secondaryAction={
            <Box>
              <IconButton
                aria-label={t('documents.download', { name: d.fileName })}
                onClick={() => void onDownload(d)}
              >
                <FileDownloadOutlined fontSize="small" />
              </IconButton>
              {canWrite && (
                <IconButton
                  aria-label={t('documents.remove', { name: d.fileName })}
                  onClick={() => void onRemove(d)}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              )}
            </Box>
          }
        >
          <ListItemText
            primary={d.fileName}
            secondary={`${formatNumber(d.size / 1024, lang, 0)} KB · ${formatDateTime(d.createdAt, lang)}`}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: 8 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
