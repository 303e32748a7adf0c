import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TaxFinancialYear } from '@klimadesk/contract/taxonomy/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FieldGroup, FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { TaxFilesSection } from './TaxFiles.tsx';
import { SafeguardFlags } from './SafeguardFlags.tsx';
import { MIN_SAFEGUARD_FLAGS, amountText, packFlags, taxAmount, unpackFlags } from './taxonomyModel.ts';
import { TAX_QUERY_KEYS } from './taxQueries.ts';
import { type RuleSetState, YearRuleSetFields, ruleSetBody, ruleSetState } from './YearRuleSetFields.tsx';

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

/** A new financial year: a year not yet taken, its totals and its rule set. */
export function CreateYearDialog({ onClose, existing }: { onClose: () => void; existing: number[] }) {
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

/** A year's totals, rule set, minimum-safeguard flags, review institute and files; read-only once frozen. */
export function EditYearDialog({
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
      <SafeguardsFieldset flags={flags} onChange={setFlags} disabled={!canWrite} />
      <ReviewFields
        institute={institute}
        onInstitute={setInstitute}
        showInstitute={showInstitute}
        onShowInstitute={setShowInstitute}
        disabled={!canWrite}
      />
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

/** The year's 14 minimum-safeguard flags with how many are met. */
function SafeguardsFieldset({
  flags,
  onChange,
  disabled,
}: {
  flags: boolean[];
  onChange: (flags: boolean[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(['taxonomy', 'common']);
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h4" sx={{ mb: 0.5 }}>
        {t('years.minSafeguardsTitle', { count: flags.filter(Boolean).length, of: MIN_SAFEGUARD_FLAGS })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('years.minSafeguardsHint')}
      </Typography>
      <SafeguardFlags flags={flags} onChange={onChange} disabled={disabled} testIdPrefix="tax-year-flag" />
    </Box>
  );
}

/** The review institute and whether the report names it. */
function ReviewFields({
  institute,
  onInstitute,
  showInstitute,
  onShowInstitute,
  disabled,
}: {
  institute: string;
  onInstitute: (institute: string) => void;
  showInstitute: boolean;
  onShowInstitute: (show: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(['taxonomy', 'common']);
  return (
    <FieldGroup title={t('years.reviewTitle')}>
      <TextField
        label={t('years.reviewInstitute')}
        value={institute}
        disabled={disabled}
        onChange={(e) => onInstitute(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormControlLabel
        disabled={disabled}
        control={<Checkbox checked={showInstitute} onChange={(e) => onShowInstitute(e.target.checked)} />}
        label={t('years.showInstitute')}
      />
    </FieldGroup>
  );
}
