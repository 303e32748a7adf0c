import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CfcEntry, CfcReportDetail } from '@klimadesk/contract/cfc/schemas';
import type { CfcSectionId } from './cfc.ts';
import { call, callFile, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { RowActionButtons, editAction } from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { formatFigure } from '../../components/format.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { unitName } from '../emission-db/emissionDb.ts';
import { DocumentsDialog } from './DocumentsDialog.tsx';
import { EntryDialog } from './EntryDialog.tsx';
import { EntryTraceLine, MarketTraceLine, RestatementNotice } from './EntryTrace.tsx';
import { ImportDialog } from './ImportDialogs.tsx';
import { ENTRY_KEYS, formatTonnes, type ReportSection } from './cfc.ts';

/**
 * One section of the report (seed 001 §3, §4): its help text, the scope 2 method and site
 * country, the entries with their figures, and add, change, delete selected, documents, import
 * and export. Read-only users and groups without write access see the entries only.
 */
export function SectionEntries({ report, section }: { report: CfcReportDetail; section: ReportSection }) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
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
  const [exporting, setExporting] = useState(false);
  const rows = entries.data ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
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
  const switchMethod = useApiMutation({
    mutate: (isMarketBased: boolean) =>
      call(method === 'power' ? 'cfcPowerMethod' : 'cfcThermalMethod', {
        body: { report: report.id, isMarketBased },
      }),
    invalidate: ENTRY_KEYS,
    success: (_r, v) => (v ? t('editor.marketBasedOn') : t('editor.marketBasedOff')),
  });

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

  const figure = (e: CfcEntry) => {
    if (e.errorCode)
      return (
        <Tooltip title={t(`entries.codes.${e.errorCode}`)}>
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<ErrorOutline />}
            label={t(`entries.short.${e.errorCode}`)}
            data-testid="cfc-entry-code"
          />
        </Tooltip>
      );
    const kg = method && marketBased ? e.co2eMarketKg : e.co2eKg;
    return kg === null ? '–' : formatTonnes(kg, lang);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {section.helpText && (
        <Typography color="text.secondary" data-testid="cfc-section-help">
          {section.helpText}
        </Typography>
      )}
      {needsCountry && (
        <Alert severity="warning" data-testid="cfc-site-country">
          {t('editor.siteCountry', { unit: report.businessUnit.name })}{' '}
          {can(me, 'cfcUpdateBusinessUnit') && (
            <Link component={RouterLink} to="/cfc/settings/business-units">
              {t('editor.siteCountryLink')}
            </Link>
          )}
        </Alert>
      )}
      {method && (
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
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {canWrite && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ entry: null })}
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
            onClick={() => setImporting(true)}
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
            onClick={() => remove.ask(selected)}
            data-testid="cfc-entries-delete"
          >
            {t('entries.deleteSelected', { count: selected.length })}
          </Button>
        )}
      </Box>
      {entries.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : rows.length === 0 ? (
        <Box
          sx={{
            p: 4,
            textAlign: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 3,
            bgcolor: 'background.paper',
          }}
        >
          <Typography color="text.secondary">{t('entries.empty')}</Typography>
        </Box>
      ) : (
        <Box
          sx={{
            overflowX: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 3,
            bgcolor: 'background.paper',
          }}
          component="section"
          tabIndex={0}
          aria-label={t('entries.tableLabel')}
        >
          <Table size="small" aria-label={t('entries.tableLabel')} data-testid="cfc-entries">
            <TableHead>
              <TableRow>
                {canWrite && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={selected.length > 0 && !allSelected}
                      onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
                      slotProps={{ input: { 'aria-label': t('entries.selectAll') } }}
                    />
                  </TableCell>
                )}
                <TableCell>{t('entries.fields.activity')}</TableCell>
                <TableCell align="right">{t('entries.fields.amount')}</TableCell>
                <TableCell>{t('entries.fields.dataSource')}</TableCell>
                <TableCell align="center">{t('entries.qualityShort')}</TableCell>
                <TableCell align="right">{t('entries.co2e')}</TableCell>
                <TableCell align="right">{t('entries.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => {
                const name = e.activityName ?? e.emissionFactorName ?? '–';
                return (
                  <TableRow key={e.id} hover selected={selected.includes(e.id)} data-testid="cfc-entry-row">
                    {canWrite && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.includes(e.id)}
                          onChange={() =>
                            setSelected((s) =>
                              s.includes(e.id) ? s.filter((x) => x !== e.id) : [...s, e.id],
                            )
                          }
                          slotProps={{ input: { 'aria-label': t('entries.select', { name }) } }}
                        />
                      </TableCell>
                    )}
                    <TableCell sx={{ minWidth: 240 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {name}
                      </Typography>
                      {(e.factor !== null || e.origin) && (
                        <Typography variant="caption" color="text.secondary">
                          {e.factor !== null &&
                            `${formatFigure(e.factor, lang)} kg CO₂e / ${unitName(e.factorUnit ?? '', lang)}${e.factorSource ? ` · ${e.factorSource}` : ''}`}
                          {e.origin && ` · ${t('entries.fromFreight')}`}
                        </Typography>
                      )}
                      <EntryTraceLine entry={e} />
                      <RestatementNotice entry={e} canWrite={canWrite && can(me, 'cfcRestateEntry')} />
                      {e.marketBasis && e.co2eKg !== null && e.co2eMarketKg !== null && (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="div"
                          data-testid="cfc-entry-scope2"
                        >
                          {t('entries.scope2Both', {
                            location: formatTonnes(e.co2eKg, lang),
                            market: formatTonnes(e.co2eMarketKg, lang),
                            basis: t(`entries.marketBasis.${e.marketBasis}`),
                          })}
                        </Typography>
                      )}
                      <MarketTraceLine entry={e} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {e.amount === null
                        ? '–'
                        : `${formatFigure(e.amount, lang, 3)} ${unitName(e.unit ?? '', lang)}`}
                    </TableCell>
                    <TableCell>{e.dataSource ?? '–'}</TableCell>
                    <TableCell align="center">{e.dataQuality ?? '–'}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                      data-testid="cfc-entry-co2e"
                    >
                      {figure(e)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('documents.open')}>
                        <IconButton
                          size="small"
                          onClick={() => setDocs(e)}
                          aria-label={t('documents.openAria', { name })}
                        >
                          <AttachFileOutlined fontSize="small" />
                          {e.documents.length > 0 && (
                            <Typography variant="caption" sx={{ ml: 0.25 }}>
                              {e.documents.length}
                            </Typography>
                          )}
                        </IconButton>
                      </Tooltip>
                      {canWrite && (
                        <RowActionButtons
                          actions={[
                            editAction(t('entries.editAria', { name }), () => setDialog({ entry: e })),
                          ]}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
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
