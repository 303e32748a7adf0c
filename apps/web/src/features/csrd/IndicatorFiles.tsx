import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import AttachFile from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import type { IndicatorValue } from '@klimadesk/contract/csrd/schemas';
import { call, callFile, upload } from '../../app/client.ts';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { REPORT_KEYS } from './csrdQueries.ts';

/**
 * The files of a stored indicator value (seed 001 §3): open, attach (POST files, type
 * indicator-value) and delete (DELETE file/indicator-value/{id}).
 */
export function IndicatorFiles({ value, canWrite }: { value: IndicatorValue; canWrite: boolean }) {
  const { t } = useTranslation(['csrd', 'common']);
  const [progress, setProgress] = useState<number | null>(null);
  const attach = useApiMutation({
    mutate: (file: File) =>
      upload('uploadCsrdFile', file, {
        fields: { id: value.id, type: 'indicator-value' },
        onProgress: setProgress,
      }).finally(() => setProgress(null)),
    invalidate: REPORT_KEYS,
    success: (f) => t('files.attached', { name: f.fileName }),
  });
  const remove = useApiMutation({
    mutate: (id: string) => call('deleteCsrdFile', { params: { id } }),
    invalidate: REPORT_KEYS,
    success: t('files.deleted'),
  });
  const open = async (id: string, name: string) => {
    try {
      const f = await callFile('getCsrdFile', { params: { id } });
      saveBlob(f.blob, f.fileName ?? name);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {value.files.map((f) => (
        <Chip
          key={f.id}
          icon={<AttachFile />}
          label={f.fileName}
          onClick={() => void open(f.id, f.fileName)}
          onDelete={canWrite ? () => void remove.run(f.id) : undefined}
          variant="outlined"
          size="small"
        />
      ))}
      {canWrite && (
        <Button component="label" size="small" startIcon={<AttachFile />} disabled={attach.busy}>
          {t('files.attach')}
          <input
            hidden
            type="file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void attach.run(f);
              e.target.value = '';
            }}
          />
        </Button>
      )}
      {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ width: 120 }} />}
      {(attach.error || remove.error) && (
        <Box component="span" role="alert" sx={{ color: 'error.main', fontSize: 13 }}>
          {attach.error ?? remove.error}
        </Box>
      )}
    </Box>
  );
}
