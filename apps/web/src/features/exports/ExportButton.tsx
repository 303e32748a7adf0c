import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPORT_DEBOUNCE_MS } from '@klimadesk/contract/constants';
import type { EmissionFilterValues } from '../../components/emissionFilters.ts';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { EXPORT_JOBS_KEY, startExport, type ExportKind } from './exportsApi.ts';

/** Starts an export job with the list's current filters; the file is fetched from the export jobs list. */
export function ExportButton({
  kind,
  filters,
  disabled,
}: {
  kind: ExportKind;
  filters: EmissionFilterValues;
  disabled?: boolean;
}) {
  const { t } = useTranslation('exports');
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Two clicks in one frame both run before the disabled state renders: the ref stops the second.
  const starting = useRef(false);
  const run = async () => {
    if (starting.current) return;
    starting.current = true;
    setBusy(true);
    try {
      await startExport(kind, filters);
      // The notice leads to the export list, where the file appears when it is ready.
      notify(t('started'), 'success', { link: { to: '/system/export-jobs', label: t('toExports') } });
      void qc.invalidateQueries({ queryKey: EXPORT_JOBS_KEY });
    } catch (err) {
      notifyError(err);
    } finally {
      // A double click must not start two jobs (export debounce, seed 000 §9).
      setTimeout(() => {
        starting.current = false;
        setBusy(false);
      }, EXPORT_DEBOUNCE_MS);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void run()}
      disabled={disabled || busy}
      data-testid={`${kind}-export`}
    >
      {t('start')}
    </Button>
  );
}
