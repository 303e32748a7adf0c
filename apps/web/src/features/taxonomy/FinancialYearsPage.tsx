import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
} from '../../components/EntityListPage.tsx';
import { FieldGroup, FormDialog } from '../../components/FormDialog.tsx';
import { formatEur } from '../../components/format.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { TaxFilesSection } from './TaxFiles.tsx';
import { SafeguardFlags } from './SafeguardFlags.tsx';
import { TaxTariffState } from './TaxTariffState.tsx';
import { MIN_SAFEGUARD_FLAGS, amountText, packFlags, taxAmount, unpackFlags } from './taxonomyModel.ts';
import { TAX_QUERY_KEYS, useCanEditTax } from './taxQueries.ts';
import { RuleSetComparison } from './RuleSetComparison.tsx';
import { type RuleSetState, YearRuleSetFields, ruleSetBody, ruleSetState } from './YearRuleSetFields.tsx';

const countFlags = (packed: number) => unpackFlags(packed).filter(Boolean).length;

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

  const columns = useMemo<GridColDef<TaxFinancialYear>[]>(() => {
    const money = (
      field: 'totalTurnover' | 'totalCapex' | 'totalOpex',
      label: string,
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
      money('totalTurnover', t('years.totalTurnover')),
      money('totalCapex', t('years.totalCapex')),
      money('totalOpex', t('years.totalOpex')),
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
        renderCell: ({ row }) => (
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
        ),
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
  }, [t, lang]);

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
        actions: (y) => [
          editAction(t('years.editAria', { year: y.taxYear }), () => setEditing(y)),
          {
            key: 'compare',
            label: t('years.compare.action'),
            icon: <CompareArrowsOutlined fontSize="small" />,
            onClick: () => setComparing(y),
            inMenu: true,
            testId: `tax-year-compare-${y.taxYear}`,
          },
          ...(canUpdate && (y.canWrite || y.inReview)
            ? [
                {
                  key: 'review',
                  label: t(y.inReview ? 'years.cancelReview' : 'years.freeze'),
                  icon: y.inReview ? (
                    <LockOpenOutlined fontSize="small" />
                  ) : (
                    <LockOutlined fontSize="small" />
                  ),
                  onClick: () => review.ask(y),
                  inMenu: true,
                  testId: `tax-year-review-${y.taxYear}`,
                },
              ]
            : []),
          ...(canDelete
            ? [
                {
                  ...deleteAction(() => remove.ask(y), { inMenu: true }),
                  // Seed 001 §4: only years without activities may be deleted.
                  disabled: y.activityCount > 0,
                  label: y.activityCount > 0 ? t('years.deleteBlocked') : t('common:actions.delete'),
                  testId: `tax-year-delete-${y.taxYear}`,
                },
              ]
            : []),
        ],
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

type Totals = { totalTurnover: string; totalCapex: string; totalOpex: string };

function TotalsFields({
  value,
  onChange,
  disabled,
}: {
  value: Totals;
  onChange: (v: Totals) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('taxonomy');
  return (
    <FieldGroup title={t('years.totals')} hint={t('years.totalsHint')}>
      {(['totalTurnover', 'totalCapex', 'totalOpex'] as const).map((k) => (
        <TextField
          key={k}
          label={`${t(`years.${k}`)} (EUR)`}
          value={value[k]}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, [k]: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `tax-year-${k}` } }}
        />
      ))}
    </FieldGroup>
  );
}

function CreateYearDialog({ onClose, existing }: { onClose: () => void; existing: number[] }) {
  const { t } = useTranslation(['taxonomy', 'common']);
  const lang = currentLanguage();
  const taxYears = useQuery(queryOptions('taxYears')).data?.['hydra:member'] ?? [];
  const free = taxYears.map((y) => y.year).filter((y) => !existing.includes(y));
  const [year, setYear] = useState<number | ''>('');
  const [totals, setTotals] = useState<Totals>({ totalTurnover: '', totalCapex: '', totalOpex: '' });
  const [rules, setRules] = useState<RuleSetState | null>(null);
  const [touched, setTouched] = useState(false);
  const save = useApiMutation({
    mutate: (taxYear: number) =>
      call('createTaxFinancialYear', {
        body: {
          taxYear,
          totalTurnover: taxAmount(totals.totalTurnover, lang),
          totalCapex: taxAmount(totals.totalCapex, lang),
          totalOpex: taxAmount(totals.totalOpex, lang),
          ...(rules ? ruleSetBody(taxYear, rules, lang) : {}),
        },
      }),
    invalidate: TAX_QUERY_KEYS,
    success: (saved) => t('years.created', { year: saved.taxYear }),
    onSuccess: onClose,
  });
  const yearError = touched && year === '' ? t('common:validation.required') : null;
  return (
    <FormDialog
      id="tax-year-create"
      title={t('years.createTitle')}
      mutation={save}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (year !== '') void save.run(year);
      }}
      submitLabel={t('common:actions.create')}
      submitTestId="tax-year-save"
      maxWidth="sm"
      requiredHint
    >
      <TextField
        select
        required
        label={t('years.year')}
        value={year}
        onChange={(e) => {
          const chosen = Number(e.target.value);
          setYear(chosen);
          setRules(ruleSetState(chosen, null, lang));
        }}
        error={!!yearError}
        helperText={yearError ?? (free.length === 0 && taxYears.length > 0 ? t('years.noFreeYear') : ' ')}
        slotProps={{ htmlInput: { 'data-testid': 'tax-year-select' } }}
      >
        {free.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <TotalsFields value={totals} onChange={setTotals} />
      {rules && year !== '' && <YearRuleSetFields taxYear={year} value={rules} onChange={setRules} />}
    </FormDialog>
  );
}

function EditYearDialog({
  year,
  canWrite,
  onClose,
}: {
  year: TaxFinancialYear;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['taxonomy', 'common']);
  const lang = currentLanguage();
  const [totals, setTotals] = useState<Totals>({
    totalTurnover: amountText(year.totalTurnover, lang),
    totalCapex: amountText(year.totalCapex, lang),
    totalOpex: amountText(year.totalOpex, lang),
  });
  const [flags, setFlags] = useState(() => unpackFlags(year.minSafeguards));
  const [institute, setInstitute] = useState(year.reviewInstitute ?? '');
  const [showInstitute, setShowInstitute] = useState(year.showInstituteInReport);
  const [rules, setRules] = useState(() => ruleSetState(year.taxYear, year, lang));
  const save = useApiMutation({
    mutate: () =>
      call('updateTaxFinancialYear', {
        params: { id: year.id },
        body: {
          totalTurnover: taxAmount(totals.totalTurnover, lang),
          totalCapex: taxAmount(totals.totalCapex, lang),
          totalOpex: taxAmount(totals.totalOpex, lang),
          minSafeguards: packFlags(flags),
          reviewInstitute: institute,
          showInstituteInReport: showInstitute,
          ...ruleSetBody(year.taxYear, rules, lang),
          // A year stored before rule sets existed keeps its own until one is chosen here.
          ...(rules.ruleSet === year.ruleSet ? { ruleSet: undefined } : {}),
        },
      }),
    invalidate: TAX_QUERY_KEYS,
    success: (saved) => t('years.saved', { year: saved.taxYear }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="tax-year-edit"
      title={t('years.editTitle', { year: year.taxYear })}
      mutation={save}
      onClose={onClose}
      onSubmit={() => void save.run()}
      submitDisabled={!canWrite}
      submitTestId="tax-year-save"
    >
      {year.inReview && (
        <Typography color="warning.main" sx={{ fontWeight: 600 }}>
          {t('years.frozenHint')}
        </Typography>
      )}
      <TotalsFields value={totals} onChange={setTotals} disabled={!canWrite} />
      <YearRuleSetFields taxYear={year.taxYear} value={rules} onChange={setRules} disabled={!canWrite} />
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h4" sx={{ mb: 0.5 }}>
          {t('years.minSafeguardsTitle', { count: flags.filter(Boolean).length, of: MIN_SAFEGUARD_FLAGS })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('years.minSafeguardsHint')}
        </Typography>
        <SafeguardFlags flags={flags} onChange={setFlags} disabled={!canWrite} testIdPrefix="tax-year-flag" />
      </Box>
      <FieldGroup title={t('years.reviewTitle')}>
        <TextField
          label={t('years.reviewInstitute')}
          value={institute}
          disabled={!canWrite}
          onChange={(e) => setInstitute(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <FormControlLabel
          disabled={!canWrite}
          control={<Checkbox checked={showInstitute} onChange={(e) => setShowInstitute(e.target.checked)} />}
          label={t('years.showInstitute')}
        />
      </FieldGroup>
      <TaxFilesSection
        type="financialYear"
        ownerId={year.id}
        files={year.files}
        canWrite={canWrite}
        testId="tax-year-files"
      />
    </FormDialog>
  );
}
