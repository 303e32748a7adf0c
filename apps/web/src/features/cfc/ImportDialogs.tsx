import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CfcImportResult } from '@klimadesk/contract/cfc/results';

import { callFile, upload } from '../../app/client.ts';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { ImportDialog as KitImportDialog } from '../../components/ImportDialog.tsx';
import { notify } from '../../components/notify.ts';
import { type CfcSectionId, ENTRY_KEYS } from './cfc.ts';

/** An issue's code in words (seed 001 §5 per-field codes), else the catalogue's text. */
export function importIssueText(code: string): string {
  if (i18n.exists(`cfc:import.codes.${code}`)) return i18n.t(`cfc:import.codes.${code}`);
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : code;
}

/**
 * The import of a section's entries (seed 001 §5) on the one import dialog: an xlsx file (the
 * section export is the template) and whether it replaces the section's entries. A refused file
 * lists row, column, value and what is wrong; nothing was imported then.
 */
export function ImportDialog({
  report,
  section,
  sectionName,
  onClose,
}: {
  report: string;
  section: string;
  sectionName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const qc = useQueryClient();
  const [replace, setReplace] = useState(false);
  return (
    <KitImportDialog
      id="cfc-import"
      title={t('import.title', { section: sectionName })}
      template={{
        text: t('import.templateText'),
        // The section's export is its template, with the entries it has.
        download: async () => {
          try {
            const { blob, fileName } = await callFile('cfcExportEntries', {
              params: { report, section: section as CfcSectionId },
            });
            saveBlob(blob, fileName ?? `${section}.xlsx`);
          } catch (err) {
            notifyError(err);
          }
        },
      }}
      text={t('import.text')}
      accept=".xlsx"
      fields={
        <>
          <FormControlLabel
            control={
              <Checkbox
                checked={replace}
                onChange={(e) => setReplace(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'cfc-import-replace' } as object }}
              />
            }
            label={t('import.replace')}
          />
          {replace && <Alert severity="warning">{t('import.replaceHint')}</Alert>}
        </>
      }
      start={(file, onProgress, signal) =>
        upload('cfcImportEntries', file, {
          fields: { report, section, replace: String(replace) },
          onProgress,
          signal,
        })
      }
      issueText={importIssueText}
      showValue
      doneText={(r) => t('import.done', { count: (r as CfcImportResult).imported })}
      onDone={(r) => {
        for (const queryKey of ENTRY_KEYS) void qc.invalidateQueries({ queryKey });
        notify(t('import.done', { count: (r as CfcImportResult).imported }), 'success', { log: true });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
