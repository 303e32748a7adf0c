import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  TAX_NUCLEAR_GAS_ROWS,
  TAX_RULE_SETS,
  TAX_SIMPLIFIED_FROM,
  TAX_SIMPLIFIED_ONLY_FROM,
  type TaxFinancialYear,
  type TaxRuleSet,
} from '@klimadesk/contract/taxonomy/schemas';
import type { Language } from '@klimadesk/contract/constants';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { amountText, taxAmount } from './taxonomyModel.ts';

/**
 * The rule set of a financial year and what it brings (Delegated Regulation (EU) 2026/73: the
 * not-material activities below 10 % per KPI, OpEx not material), and the answers to Template 1 of
 * Annex XII (nuclear and fossil gas) that the earlier templates ask for.
 */
export type RuleSetState = {
  ruleSet: TaxRuleSet;
  notMaterialTurnover: string;
  notMaterialCapex: string;
  notMaterialOpex: string;
  notMaterialNote: string;
  opexNotMaterial: boolean;
  opexNotMaterialReason: string;
  /** null: the nuclear and gas templates are not answered. */
  nuclearGas: boolean[] | null;
};

/** The rule sets a financial year may follow: 2026/73 from 2025, the earlier templates up to 2025. */
export const ruleSetsOf = (taxYear: number): TaxRuleSet[] =>
  TAX_RULE_SETS.filter((r) =>
    r === '2026/73' ? taxYear >= TAX_SIMPLIFIED_FROM : taxYear < TAX_SIMPLIFIED_ONLY_FROM,
  );

export function ruleSetState(taxYear: number, y: TaxFinancialYear | null, lang: Language): RuleSetState {
  return {
    ruleSet: y?.ruleSet ?? (taxYear >= TAX_SIMPLIFIED_FROM ? '2026/73' : '2021/2178'),
    notMaterialTurnover: y?.notMaterialTurnover ? amountText(y.notMaterialTurnover, lang) : '',
    notMaterialCapex: y?.notMaterialCapex ? amountText(y.notMaterialCapex, lang) : '',
    notMaterialOpex: y?.notMaterialOpex ? amountText(y.notMaterialOpex, lang) : '',
    notMaterialNote: y?.notMaterialNote ?? '',
    opexNotMaterial: y?.opexNotMaterial ?? false,
    opexNotMaterialReason: y?.opexNotMaterialReason ?? '',
    nuclearGas:
      y?.nuclearGas === null || y?.nuclearGas === undefined
        ? null
        : Array.from({ length: TAX_NUCLEAR_GAS_ROWS }, (_, i) => (y.nuclearGas! & (1 << i)) !== 0),
  };
}

/** The request fields of the state (amounts in EUR); 2026/73 options only for years that may follow it. */
export function ruleSetBody(taxYear: number, s: RuleSetState, lang: Language) {
  const simplifiable = taxYear >= TAX_SIMPLIFIED_FROM;
  const amount = (v: string) => (simplifiable && v.trim() ? taxAmount(v, lang) : 0);
  return {
    ruleSet: s.ruleSet,
    notMaterialTurnover: amount(s.notMaterialTurnover),
    notMaterialCapex: amount(s.notMaterialCapex),
    notMaterialOpex: amount(s.notMaterialOpex),
    notMaterialNote: simplifiable ? s.notMaterialNote : '',
    opexNotMaterial: simplifiable && s.opexNotMaterial,
    opexNotMaterialReason: simplifiable && s.opexNotMaterial ? s.opexNotMaterialReason : '',
    nuclearGas: s.nuclearGas === null ? null : s.nuclearGas.reduce((n, on, i) => (on ? n | (1 << i) : n), 0),
  };
}

/** The year's rule set and, depending on it, the 2026/73 materiality fields or the nuclear and gas template. */
export function YearRuleSetFields({
  taxYear,
  value,
  onChange,
  disabled,
}: {
  taxYear: number | null;
  value: RuleSetState;
  onChange: (v: RuleSetState) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('taxonomy');
  if (taxYear === null) return null;
  const options = ruleSetsOf(taxYear);
  const set = (patch: Partial<RuleSetState>) => onChange({ ...value, ...patch });
  const simplifiable = taxYear >= TAX_SIMPLIFIED_FROM;
  return (
    <>
      <FieldGroup title={t('years.ruleSet.title')} hint={t('years.ruleSet.hint')}>
        <TextField
          select
          label={t('years.ruleSet.label')}
          value={options.includes(value.ruleSet) ? value.ruleSet : ''}
          disabled={disabled || options.length < 2}
          onChange={(e) => set({ ruleSet: e.target.value as TaxRuleSet })}
          slotProps={{ htmlInput: { 'data-testid': 'tax-year-rule-set' } }}
          sx={{ gridColumn: '1 / -1' }}
        >
          {options.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`years.ruleSet.names.${r === '2026/73' ? 'simplified' : 'full'}`)}
            </MenuItem>
          ))}
        </TextField>
      </FieldGroup>
      {simplifiable && <MaterialityFields value={value} set={set} disabled={disabled} />}
      {value.ruleSet === '2021/2178' && <NuclearGasFields value={value} set={set} disabled={disabled} />}
    </>
  );
}

type PartProps = { value: RuleSetState; set: (patch: Partial<RuleSetState>) => void; disabled?: boolean };

/** Delegated Regulation (EU) 2026/73: the not-material amounts per KPI, their note, and OpEx not material. */
function MaterialityFields({ value, set, disabled }: PartProps) {
  const { t } = useTranslation('taxonomy');
  return (
    <FieldGroup title={t('years.ruleSet.materialityTitle')} hint={t('years.ruleSet.materialityHint')}>
      {(['notMaterialTurnover', 'notMaterialCapex', 'notMaterialOpex'] as const).map((k) => (
        <TextField
          key={k}
          label={`${t(`years.ruleSet.${k}`)} (EUR)`}
          value={value[k]}
          disabled={disabled}
          onChange={(e) => set({ [k]: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `tax-year-${k}` } }}
        />
      ))}
      <TextField
        label={t('years.ruleSet.notMaterialNote')}
        value={value.notMaterialNote}
        disabled={disabled}
        multiline
        minRows={2}
        onChange={(e) => set({ notMaterialNote: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        sx={{ gridColumn: '1 / -1' }}
      />
      <FormControlLabel
        disabled={disabled}
        sx={{ gridColumn: '1 / -1' }}
        control={
          <Checkbox
            checked={value.opexNotMaterial}
            onChange={(e) => set({ opexNotMaterial: e.target.checked })}
            slotProps={{ input: { 'aria-describedby': 'tax-year-opex-hint' } }}
          />
        }
        label={t('years.ruleSet.opexNotMaterial')}
      />
      {value.opexNotMaterial && (
        <TextField
          required
          label={t('years.ruleSet.opexNotMaterialReason')}
          value={value.opexNotMaterialReason}
          disabled={disabled}
          multiline
          minRows={2}
          onChange={(e) => set({ opexNotMaterialReason: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ gridColumn: '1 / -1' }}
        />
      )}
      <Typography
        id="tax-year-opex-hint"
        variant="body2"
        color="text.secondary"
        sx={{ gridColumn: '1 / -1' }}
      >
        {t(value.ruleSet === '2026/73' ? 'years.ruleSet.appliesNow' : 'years.ruleSet.keptForComparison')}
      </Typography>
    </FieldGroup>
  );
}

/** Template 1 of Annex XII (nuclear and fossil gas), answered or not, row by row. */
function NuclearGasFields({ value, set, disabled }: PartProps) {
  const { t } = useTranslation('taxonomy');
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h4" sx={{ mb: 0.5 }}>
        {t('years.nuclearGas.title')}
      </Typography>
      <FormControlLabel
        disabled={disabled}
        control={
          <Checkbox
            checked={value.nuclearGas !== null}
            onChange={(e) =>
              set({ nuclearGas: e.target.checked ? Array(TAX_NUCLEAR_GAS_ROWS).fill(false) : null })
            }
          />
        }
        label={t('years.nuclearGas.answer')}
      />
      {value.nuclearGas && (
        <Box sx={{ display: 'grid', gap: 0.5, pl: { xs: 0, sm: 2 } }}>
          {value.nuclearGas.map((on, i) => (
            <FormControlLabel
              key={i}
              disabled={disabled}
              control={
                <Checkbox
                  checked={on}
                  onChange={(e) =>
                    set({ nuclearGas: value.nuclearGas!.map((v, j) => (j === i ? e.target.checked : v)) })
                  }
                />
              }
              label={t(`years.nuclearGas.rows.${i}`)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
