import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { TaxFinancialYear } from '@klimadesk/contract/taxonomy/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { TableEmpty } from '../../components/DataTable.tsx';
import {
  CreateButton,
  EntityListPage,
  deleteAction,
  editAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { formatEur } from '../../components/format.ts';
import { CreateYearDialog, EditYearDialog } from './FinancialYearDialogs.tsx';
import { TaxTariffState } from './TaxTariffState.tsx';
import { MIN_SAFEGUARD_FLAGS, unpackFlags } from './taxonomyModel.ts';
import { TAX_QUERY_KEYS, useCanEditTax } from './taxQueries.ts';
import { RuleSetComparison } from './RuleSetComparison.tsx';

const countFlags = (packed: number) => unpackFlags(packed).filter(Boolean).length;

type T = ReturnType<typeof useTranslation<['taxonomy', 'common']>>['t'];

/**
 * The financial years (seed 001 §2, §4): totals of turnover, CapEx and OpEx (the denominators of
 * the KPIs), the 14 minimum-safeguard flags, the review institute, freeze for review and cancel the
 * review, files; only a year without activities can be deleted.
 */
export function FinancialYearsPage() {
  const { t } = useTranslation(['taxonomy', 'common']);
  const lang = currentLanguage();
  const canCreate = useCanEditTax('createTaxFinancialYear');
  const canUpdate = useCanEditTax('updateTaxFinancialYear');
  const canDelete = useCanEditTax('deleteTaxFinancialYear');
  const [editing, setEditing] = useState<TaxFinancialYear | 'new' | null>(null);
  const [comparing, setComparing] = useState<TaxFinancialYear | null>(null);
  const list = useEntityList<TaxFinancialYear>({
    table: 'tax-financial-years',
    source: () => queryOptions('taxFinancialYears') as ListSource<TaxFinancialYear>,
  });
  const { review, remove } = useYearWrites();
  const columns = useMemo(() => yearColumns(t, lang), [t, lang]);

  return (
    <EntityListPage
      list={list}
      title={t('years.title')}
      subtitle={t('years.subtitle')}
      banner={<TaxTariffState />}
      actions={
        canCreate && (
          <CreateButton
            label={t('years.create')}
            onClick={() => setEditing('new')}
            testId="tax-year-create"
          />
        )
      }
      label={t('years.title')}
      testId="tax-years"
      columns={columns}
      rowActions={{
        header: t('columns.actions'),
        width: 130,
        moreAria: (y) => t('years.moreAria', { year: y.taxYear }),
        actions: (y) =>
          yearActions(t, y, {
            canReview: canUpdate && (y.canWrite || y.inReview),
            canDelete,
            onEdit: () => setEditing(y),
            onCompare: () => setComparing(y),
            onReview: () => review.ask(y),
            onDelete: () => remove.ask(y),
          }),
      }}
      blank={
        <TableEmpty title={t('years.emptyTitle')} text={t('years.emptyText')}>
          {canCreate && <CreateButton label={t('years.create')} onClick={() => setEditing('new')} />}
        </TableEmpty>
      }
    >
      {review.dialog}
      {remove.dialog}
      {comparing && <RuleSetComparison year={comparing} onClose={() => setComparing(null)} />}
      {editing === 'new' && (
        <CreateYearDialog onClose={() => setEditing(null)} existing={list.rows.map((r) => r.taxYear)} />
      )}
      {editing && editing !== 'new' && (
        <EditYearDialog
          year={list.rows.find((r) => r.id === editing.id) ?? editing}
          canWrite={canUpdate && editing.canWrite && !editing.inReview}
          onClose={() => setEditing(null)}
        />
      )}
    </EntityListPage>
  );
}

/** Freezing a year for review (or cancelling the review) and deleting it, each after asking. */
function useYearWrites() {
  const { t } = useTranslation(['taxonomy', 'common']);
  const review = useConfirmedWrite<TaxFinancialYear, TaxFinancialYear>({
    mutate: (y) => call('updateTaxFinancialYear', { params: { id: y.id }, body: { inReview: !y.inReview } }),
    invalidate: TAX_QUERY_KEYS,
    success: (saved) => t(saved.inReview ? 'years.frozen' : 'years.reviewCancelled', { year: saved.taxYear }),
    confirm: (y) => ({
      title: t(y.inReview ? 'years.cancelReviewTitle' : 'years.freezeTitle', { year: y.taxYear }),
      text: t(y.inReview ? 'years.cancelReviewText' : 'years.freezeText', { year: y.taxYear }),
      confirmLabel: t(y.inReview ? 'years.cancelReview' : 'years.freeze'),
      danger: false,
    }),
  });
  const remove = useConfirmedWrite<TaxFinancialYear>({
    mutate: (y) => call('deleteTaxFinancialYear', { params: { id: y.id } }),
    invalidate: TAX_QUERY_KEYS,
    success: (_r, y) => t('years.deleted', { year: y.taxYear }),
    confirm: (y) =>
      deleteConfirm(t('years.deleteTitle', { year: y.taxYear }), t('years.deleteText', { year: y.taxYear })),
  });
  return { review, remove };
}

const moneyColumn = (
  field: 'totalTurnover' | 'totalCapex' | 'totalOpex',
  label: string,
  lang: Language,
): GridColDef<TaxFinancialYear> => ({
  field,
  headerName: label,
  flex: 1,
  minWidth: 140,
  sortable: false,
  align: 'right',
  headerAlign: 'right',
  valueGetter: (_v, row) => formatEur(row[field], lang),
});

/** The list's columns: year with its rule set, the totals, the flags met, the review state, the activities. */
function yearColumns(t: T, lang: Language): GridColDef<TaxFinancialYear>[] {
  return [
    {
      field: 'taxYear',
      headerName: t('years.year'),
      width: 110,
      sortable: false,
      // The rule set under the year: the act's number names it in either language.
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, minWidth: 0 }}>
          <Typography variant="body2">{row.taxYear}</Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            noWrap
            title={t('years.ruleSet.column')}
            data-testid={`tax-year-rule-set-${row.taxYear}`}
          >
            {row.ruleSet}
          </Typography>
        </Box>
      ),
    },
    moneyColumn('totalTurnover', t('years.totalTurnover'), lang),
    moneyColumn('totalCapex', t('years.totalCapex'), lang),
    moneyColumn('totalOpex', t('years.totalOpex'), lang),
    {
      field: 'minSafeguards',
      headerName: t('years.minSafeguards'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) =>
        t('years.flagsMet', { count: countFlags(row.minSafeguards), of: MIN_SAFEGUARD_FLAGS }),
    },
    {
      field: 'inReview',
      headerName: t('years.review'),
      width: 190,
      sortable: false,
      renderCell: ({ row }) => <ReviewCell year={row} />,
    },
    {
      field: 'activityCount',
      headerName: t('years.activities'),
      width: 110,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
    },
  ];
}

/** Data entry or in review, with the review institute below. */
function ReviewCell({ year: row }: { year: TaxFinancialYear }) {
  const { t } = useTranslation(['taxonomy', 'common']);
  return (
    <Box sx={{ py: 1, minWidth: 0 }}>
      <Chip
        size="small"
        icon={row.inReview ? <LockOutlined /> : undefined}
        color={row.inReview ? 'warning' : 'default'}
        variant={row.inReview ? 'filled' : 'outlined'}
        label={t(row.inReview ? 'years.inReview' : 'years.dataEntry')}
      />
      {row.reviewInstitute && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          noWrap
          title={row.reviewInstitute}
        >
          {row.reviewInstitute}
        </Typography>
      )}
    </Box>
  );
}

/** A year's actions: edit, compare rule sets, freeze or cancel the review, delete (blocked with activities). */
function yearActions(
  t: T,
  y: TaxFinancialYear,
  actions: {
    canReview: boolean;
    canDelete: boolean;
    onEdit: () => void;
    onCompare: () => void;
    onReview: () => void;
    onDelete: () => void;
  },
): RowAction[] {
  return [
    editAction(t('years.editAria', { year: y.taxYear }), actions.onEdit),
    {
      key: 'compare',
      label: t('years.compare.action'),
      icon: <CompareArrowsOutlined fontSize="small" />,
      onClick: actions.onCompare,
      inMenu: true,
      testId: `tax-year-compare-${y.taxYear}`,
    },
    ...(actions.canReview
      ? [
          {
            key: 'review',
            label: t(y.inReview ? 'years.cancelReview' : 'years.freeze'),
            icon: y.inReview ? <LockOpenOutlined fontSize="small" /> : <LockOutlined fontSize="small" />,
            onClick: actions.onReview,
            inMenu: true,
            testId: `tax-year-review-${y.taxYear}`,
          },
        ]
      : []),
    ...(actions.canDelete
      ? [
          {
            ...deleteAction(actions.onDelete, { inMenu: true }),
            // Seed 001 §4: only years without activities may be deleted.
            disabled: y.activityCount > 0,
            label: y.activityCount > 0 ? t('years.deleteBlocked') : t('common:actions.delete'),
            testId: `tax-year-delete-${y.taxYear}`,
          },
        ]
      : []),
  ];
}
