import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CfcEntry, CfcReportDetail } from '@klimadesk/contract/cfc/schemas';
import type { CfcSectionId } from './cfc.ts';
import { call, callFile, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { DocumentsDialog } from './DocumentsDialog.tsx';
import { EntriesTable } from './EntriesTable.tsx';
import { EntryDialog } from './EntryDialog.tsx';
import { ImportDialog } from './ImportDialogs.tsx';
import { ENTRY_KEYS, type ReportSection } from './cfc.ts';

/**
 * One section of the report (seed 001 §3, §4): its help text, the scope 2 method and site
 * country, the entries with their figures, and add, change, delete selected, documents, import
 * and export. Read-only users and groups without write access see the entries only.
 */
export function SectionEntries({ report, section }: { report: CfcReportDetail; section: ReportSection }) {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const canWrite = report.canWrite && can(me, 'cfcSaveEntry');
  const entries = useQuery({
    ...queryOptions('cfcEntries', {
      query: { report: report.id, section: section.id as CfcSectionId, pagination: 'false' },
    }),
    select: (d) => d['hydra:member'],
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ entry: CfcEntry | null } | null>(null);
  const [docs, setDocs] = useState<CfcEntry | null>(null);
  const [importing, setImporting] = useState(false);
  const needsCountry = section.scope === 2 && !report.businessUnit.country;
  const method = section.energyMethod;
  const marketBased =
    method === 'power' ? report.powerMarketbased : method === 'thermal' ? report.thermalMarketbased : false;

  const remove = useConfirmedWrite<string[], { deleted: number }>({
    mutate: (ids) => call('cfcDeleteEntries', { body: { entries: ids } }),
    invalidate: ENTRY_KEYS,
    success: (r) => t('entries.deleted', { count: r.deleted }),
    onSuccess: () => setSelected([]),
    confirm: (ids) => deleteConfirm(t('entries.deleteTitle'), t('entries.deleteText', { count: ids.length })),
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {section.helpText && (
        <Typography color="text.secondary" data-testid="cfc-section-help">
          {section.helpText}
        </Typography>
      )}
      {needsCountry && <SiteCountryAlert unit={report.businessUnit.name} />}
      {method && <MarketBasedSwitch report={report} method={method} marketBased={marketBased} />}
      <EntriesToolbar
        report={report}
        section={section}
        canWrite={canWrite}
        needsCountry={needsCountry}
        selected={selected}
        onAdd={() => setDialog({ entry: null })}
        onImport={() => setImporting(true)}
        onDelete={() => remove.ask(selected)}
      />
      <EntriesTable
        pending={entries.isPending}
        rows={entries.data ?? []}
        canWrite={canWrite}
        marketBased={Boolean(method) && marketBased}
        selected={selected}
        setSelected={setSelected}
        onEdit={(entry) => setDialog({ entry })}
        onDocuments={setDocs}
      />
      {dialog && (
        <EntryDialog
          report={report.id}
          gwpSet={report.gwpSet}
          section={section}
          entry={dialog.entry}
          onClose={() => setDialog(null)}
        />
      )}
      {docs && <DocumentsDialog entry={docs} canWrite={canWrite} onClose={() => setDocs(null)} />}
      {importing && (
        <ImportDialog
          report={report.id}
          section={section.id}
          sectionName={section.name}
          onClose={() => setImporting(false)}
        />
      )}
      {remove.dialog}
    </Box>
  );
}

/** Scope 2 needs the site's country; the unit's editors get the way to set it. */
function SiteCountryAlert({ unit }: { unit: string }) {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  return (
    <Alert severity="warning" data-testid="cfc-site-country">
      {t('editor.siteCountry', { unit })}{' '}
      {can(me, 'cfcUpdateBusinessUnit') && (
        <Link component={RouterLink} to="/cfc/settings/business-units">
          {t('editor.siteCountryLink')}
        </Link>
      )}
    </Alert>
  );
}

/** Scope 2 power or heat counted location- or market-based (the report's switch per energy). */
function MarketBasedSwitch({
  report,
  method,
  marketBased,
}: {
  report: CfcReportDetail;
  method: NonNullable<ReportSection['energyMethod']>;
  marketBased: boolean;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const switchMethod = useApiMutation({
    mutate: (isMarketBased: boolean) =>
      call(method === 'power' ? 'cfcPowerMethod' : 'cfcThermalMethod', {
        body: { report: report.id, isMarketBased },
      }),
    invalidate: ENTRY_KEYS,
    success: (_r, v) => (v ? t('editor.marketBasedOn') : t('editor.marketBasedOff')),
  });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <FormControlLabel
        control={
          <Switch
            checked={marketBased}
            disabled={!report.canWrite || !can(me, 'cfcPowerMethod') || switchMethod.busy}
            onChange={(e) => void switchMethod.run(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'cfc-market-based' } as object }}
          />
        }
        label={t(method === 'power' ? 'editor.powerMarketBased' : 'editor.thermalMarketBased')}
      />
      <Typography variant="body2" color="text.secondary">
        {t(marketBased ? 'editor.marketBasedHint' : 'editor.locationBasedHint')}
      </Typography>
      {switchMethod.error && <Alert severity="error">{switchMethod.error}</Alert>}
    </Box>
  );
}

/** Add, import, export of the section, and delete the selected entries. */
function EntriesToolbar({
  report,
  section,
  canWrite,
  needsCountry,
  selected,
  onAdd,
  onImport,
  onDelete,
}: {
  report: CfcReportDetail;
  section: ReportSection;
  canWrite: boolean;
  needsCountry: boolean;
  selected: string[];
  onAdd: () => void;
  onImport: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const { exporting, exportSection } = useSectionExport(report, section);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {canWrite && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={onAdd}
          disabled={needsCountry}
          data-testid="cfc-entry-add"
        >
          {t('entries.add')}
        </Button>
      )}
      {canWrite && can(me, 'cfcImportEntries') && (
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={onImport}
          disabled={needsCountry}
          data-testid="cfc-import"
        >
          {t('import.button')}
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={() => void exportSection()}
        disabled={exporting}
        data-testid="cfc-export-section"
      >
        {t('editor.exportSection')}
      </Button>
      <Box sx={{ flex: 1 }} />
      {canWrite && can(me, 'cfcDeleteEntries') && selected.length > 0 && (
        <Button
          color="error"
          startIcon={<DeleteOutline />}
          onClick={onDelete}
          data-testid="cfc-entries-delete"
        >
          {t('entries.deleteSelected', { count: selected.length })}
        </Button>
      )}
    </Box>
  );
}

/** The section's entries as an xlsx file (also the import's template). */
function useSectionExport(report: CfcReportDetail, section: ReportSection) {
  const [exporting, setExporting] = useState(false);
  const exportSection = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await callFile('cfcExportEntries', {
        params: { report: report.id, section: section.id as CfcSectionId },
      });
      saveBlob(blob, fileName ?? `${section.id}-${report.year}.xlsx`);
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportSection };
}
