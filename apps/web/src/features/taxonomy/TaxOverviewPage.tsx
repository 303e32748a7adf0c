import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOff from '@mui/icons-material/HighlightOffOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EXPORT_DEBOUNCE_MS, type Language } from '@klimadesk/contract/constants';
import { TAX_ACTIVITY_PAGE_SIZE, type TaxOverviewRow } from '@klimadesk/contract/taxonomy/schemas';
import { call, callFile, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { TableEmpty } from '../../components/DataTable.tsx';
import {
  CreateButton,
  EntityListPage,
  ExportListButton,
  editDeleteActions,
  useEntityList,
  type ListSource,
} from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { formatDateTime, formatEur } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { TagFilter, TaxTagChip, YearFilter } from './TaxFilters.tsx';
import { TaxTariffState } from './TaxTariffState.tsx';
import { useEuActivityName } from './euActivities.ts';
import { formatShare, stepPath } from './taxonomyModel.ts';
import { TAX_QUERY_KEYS, useCanEditTax } from './taxQueries.ts';

type Filters = { finished: '' | 'true' | 'false'; years: number[]; tags: string[] };
const OPEN: Filters = { finished: '', years: [], tags: [] };

type T = ReturnType<typeof useTranslation<['taxonomy', 'common']>>['t'];

/** The overview of assessed activities (seed 001 §2): 15 per page, filters, the 15 columns, exports. */
export function TaxOverviewPage() {
  const { t } = useTranslation(['taxonomy', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const canCreate = useCanEditTax('createTaxActivity');
  const canDelete = useCanEditTax('deleteTaxActivity');
  const list = useOverviewList();
  const exportQuery = () => ({
    ...(list.appliedFilters.years.length ? { years: list.appliedFilters.years } : {}),
    ...(list.appliedFilters.tags.length ? { tags: list.appliedFilters.tags } : {}),
    companyName: me.company.name,
  });
  const remove = useConfirmedWrite<TaxOverviewRow>({
    mutate: (row) => call('deleteTaxActivity', { params: { id: row.id } }),
    invalidate: TAX_QUERY_KEYS,
    success: (_r, row) => t('overview.deleted', { name: row.name }),
    confirm: (row) => deleteConfirm(t('overview.deleteTitle'), t('overview.deleteText', { name: row.name })),
  });
  const euName = useEuActivityName();
  const columns = useMemo(() => overviewColumns(t, lang, euName), [t, lang, euName]);

  return (
    <EntityListPage
      list={list}
      title={t('overview.title')}
      subtitle={t('overview.subtitle')}
      actions={
        canCreate && (
          <CreateButton
            label={t('overview.newActivity')}
            onClick={() => void navigate({ href: stepPath('new', { kind: 'core' }) })}
            testId="tax-new-activity"
          />
        )
      }
      banner={<TaxTariffState />}
      label={t('overview.title')}
      testId="tax-overview"
      filters={<OverviewFilters list={list} />}
      toolbar={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {can(me, 'exportTaxOverviewExcel') && (
            <ExportListButton
              label={t('overview.exportExcel')}
              download={() => call('exportTaxOverviewExcel', { query: exportQuery() })}
              testId="tax-export-excel"
            />
          )}
          {can(me, 'exportTaxReport') && <ReportButton query={exportQuery} />}
        </Box>
      }
      columns={columns}
      rowActions={editDeleteActions<TaxOverviewRow>({
        header: t('columns.actions'),
        edit: {
          aria: (row) => t('overview.open', { name: row.name }),
          onClick: (row) => void navigate({ href: stepPath(row.id, { kind: 'core' }) }),
        },
        remove: canDelete && {
          aria: (row) => t('overview.deleteAria', { name: row.name }),
          onClick: remove.ask,
        },
      })}
      hiddenByDefault={['capex', 'opex']}
      empty={
        <TableEmpty
          title={list.filtered ? t('overview.noMatch') : t('overview.empty')}
          text={list.filtered ? t('overview.noMatchText') : t('overview.emptyText')}
        />
      }
    >
      {remove.dialog}
    </EntityListPage>
  );
}

/** The overview's rows with their filters: finished or open, financial years and tags. */
function useOverviewList() {
  return useEntityList<TaxOverviewRow, never, Filters>({
    table: 'tax-overview',
    pageSize: TAX_ACTIVITY_PAGE_SIZE,
    filters: OPEN,
    // The overview has a fixed order (last updated first); sort keys of the table are not sent.
    source: ({ page, limit }, f) =>
      queryOptions('taxActivityOverviews', {
        query: {
          page,
          limit,
          ...(f.finished ? { finished: f.finished } : {}),
          ...(f.years.length ? { years: f.years } : {}),
          ...(f.tags.length ? { tags: f.tags } : {}),
        },
      }) as ListSource<TaxOverviewRow>,
  });
}

function OverviewFilters({ list }: { list: ReturnType<typeof useOverviewList> }) {
  const { t } = useTranslation(['taxonomy', 'common']);
  return (
    <>
      <TextField
        select
        size="small"
        label={t('filters.finished')}
        value={list.filters.finished}
        onChange={(e) => list.setFilter('finished', e.target.value as Filters['finished'])}
        data-testid="tax-filter-finished"
      >
        <MenuItem value="">{t('filters.all')}</MenuItem>
        <MenuItem value="true">{t('status.finished')}</MenuItem>
        <MenuItem value="false">{t('status.open')}</MenuItem>
      </TextField>
      <YearFilter value={list.filters.years} onChange={(v) => list.setFilter('years', v)} />
      <TagFilter value={list.filters.tags} onChange={(v) => list.setFilter('tags', v)} />
    </>
  );
}

const flagColumn = (
  t: T,
  field: keyof TaxOverviewRow & string,
  header: string,
): GridColDef<TaxOverviewRow> => ({
  field,
  headerName: header,
  width: 104,
  sortable: false,
  align: 'center',
  headerAlign: 'center',
  renderCell: ({ row }) => <YesNo value={row[field] as boolean} yes={t('flags.yes')} no={t('flags.no')} />,
});

const moneyColumn = (
  t: T,
  lang: Language,
  field: 'turnover' | 'capex' | 'opex',
): GridColDef<TaxOverviewRow> => ({
  field,
  headerName: t(`figures.${field}`),
  width: 140,
  sortable: false,
  align: 'right',
  headerAlign: 'right',
  valueGetter: (_v, row) => formatEur(row[field], lang),
});

/** The overview's 15 columns (seed 001 §2). */
function overviewColumns(
  t: T,
  lang: Language,
  euName: ReturnType<typeof useEuActivityName>,
): GridColDef<TaxOverviewRow>[] {
  return [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => <NameCell row={row} />,
    },
    { field: 'naceCode', headerName: t('columns.naceCode'), width: 110, sortable: false },
    {
      field: 'euActivity',
      headerName: t('columns.euActivity'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, row) => euName(row.euActivity),
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.status === 'finished' ? 'success' : 'default'}
          variant={row.status === 'finished' ? 'filled' : 'outlined'}
          label={t(`status.${row.status}`)}
        />
      ),
    },
    flagColumn(t, 'eligible', t('columns.eligible')),
    flagColumn(t, 'substantialContribution', t('columns.substantialContribution')),
    flagColumn(t, 'dnsh', t('columns.dnsh')),
    flagColumn(t, 'minSafeguards', t('columns.minSafeguards')),
    flagColumn(t, 'aligned', t('columns.aligned')),
    {
      field: 'potentiallyConformShare',
      headerName: t('columns.potentiallyConformShare'),
      width: 130,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => formatShare(row.potentiallyConformShare, lang),
    },
    moneyColumn(t, lang, 'turnover'),
    moneyColumn(t, lang, 'capex'),
    moneyColumn(t, lang, 'opex'),
    {
      field: 'tags',
      headerName: t('columns.tags'),
      width: 180,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', py: 1 }}>
          {row.tags.map((tag) => (
            <TaxTagChip key={tag.id} tag={tag} />
          ))}
        </Box>
      ),
    },
    {
      field: 'updatedAt',
      headerName: t('columns.updatedAt'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => formatDateTime(row.updatedAt, lang),
    },
  ];
}

/** The activity's name, its financial year, and whether its amounts are not split in full. */
function NameCell({ row }: { row: TaxOverviewRow }) {
  const { t } = useTranslation(['taxonomy', 'common']);
  return (
    <Box sx={{ py: 1, minWidth: 0 }} title={row.name}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {row.name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('columns.yearOf', { year: row.year.taxYear })}
      </Typography>
      {row.splitIncomplete && (
        <Typography variant="caption" color="warning.dark" component="div" noWrap>
          {t('columns.splitIncomplete')}
        </Typography>
      )}
    </Box>
  );
}

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return value ? (
    <CheckCircleOutline color="success" fontSize="small" titleAccess={yes} />
  ) : (
    <HighlightOff color="disabled" fontSize="small" titleAccess={no} />
  );
}

/**
 * The report export (seed 001 §7): a PDF of the finished activities laid out as the Disclosures
 * Delegated Act templates, or a zip with the PDF and every file. Nothing finished: the empty-export
 * message (50100) in the snackbar.
 */
function ReportButton({ query }: { query: () => Record<string, unknown> }) {
  const { t } = useTranslation('taxonomy');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (withFiles: '0' | '1') => {
    setAnchor(null);
    setBusy(true);
    try {
      const { blob, fileName } = await callFile('exportTaxReport', { query: { ...query(), withFiles } });
      saveBlob(blob, fileName ?? (withFiles === '1' ? 'taxonomy-report.zip' : 'taxonomy-report.pdf'));
      notify(t('common:notify.exportStarted'));
    } catch (err) {
      notifyError(err);
    } finally {
      setTimeout(() => setBusy(false), EXPORT_DEBOUNCE_MS);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlined />}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="tax-export-report"
      >
        {t('overview.exportReport')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ px: 2, py: 1, maxWidth: 380 }}
          data-testid="tax-report-scope"
        >
          {t('overview.reportScope')}
        </Typography>
        <MenuItem onClick={() => void run('0')} data-testid="tax-export-report-pdf">
          <ListItemText primary={t('overview.reportPdf')} secondary={t('overview.reportPdfHint')} />
        </MenuItem>
        <MenuItem onClick={() => void run('1')} data-testid="tax-export-report-zip">
          <ListItemText primary={t('overview.reportZip')} secondary={t('overview.reportZipHint')} />
        </MenuItem>
      </Menu>
    </>
  );
}
