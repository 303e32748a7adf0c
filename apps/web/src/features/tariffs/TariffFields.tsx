import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@klimadesk/contract/constants';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import {
  BILLING_PERIODS,
  TARIFF_TYPES,
  type BillingPeriod,
  type TariffType,
} from '@klimadesk/contract/tariffs/schemas';
import { needsMinCostPerShipment } from '@klimadesk/contract/tariffs/rules';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import type { Draft, TariffDraft, Texts } from './tariffDraft.ts';

type MoneyKey = keyof TariffDraft['money'];

/** An amount in euros; marked while its text is no amount. */
function MoneyField({
  draft,
  field,
  label,
  disabled = false,
}: {
  draft: TariffDraft;
  field: MoneyKey;
  label: string;
  disabled?: boolean;
}) {
  const { d, set, money } = draft;
  return (
    <TextField
      size="small"
      label={`${label} (€)`}
      value={d[field]}
      onChange={(e) => set(field, e.target.value)}
      disabled={disabled}
      error={money[field] === null && d[field].trim() !== ''}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `tariff-${field}` } }}
    />
  );
}

/** Type and module (fixed on a module's own screen), free of charge and the category's default. */
function TariffKindFields({ draft, moduleFixed }: { draft: TariffDraft; moduleFixed: boolean }) {
  const { t } = useTranslation(['tariffs', 'common']);
  const { d, set } = draft;
  return (
    <>
      <TextField
        select
        size="small"
        required
        label={t('dialog.type')}
        value={d.type}
        onChange={(e) => set('type', e.target.value as TariffType)}
        data-testid="tariff-type"
      >
        {TARIFF_TYPES.map((x) => (
          <MenuItem key={x} value={x}>
            {t(`types.${x}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        required
        label={t('dialog.module')}
        value={d.module}
        onChange={(e) => set('module', e.target.value as ModuleCode)}
        disabled={moduleFixed}
        data-testid="tariff-module"
      >
        {MODULES.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`modules.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox checked={d.isFreeOfCharge} onChange={(e) => set('isFreeOfCharge', e.target.checked)} />
        }
        label={t('dialog.isFreeOfCharge')}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={d.isCategoryDefaultTariff}
            onChange={(e) => set('isCategoryDefaultTariff', e.target.checked)}
          />
        }
        label={t('dialog.isCategoryDefaultTariff')}
      />
    </>
  );
}

/** The basic fee with its billing period, and the costs per upload and per shipment. */
function TariffFeeFields({ draft }: { draft: TariffDraft }) {
  const { t } = useTranslation(['tariffs', 'common']);
  const { d, set, fees, minCostMissing } = draft;
  return (
    <>
      <MoneyField draft={draft} field="basicFee" label={t('dialog.basicFee')} disabled={d.isFreeOfCharge} />
      <TextField
        select
        size="small"
        label={t('dialog.billingPeriod')}
        value={fees.basicFee > 0 ? d.billingPeriod : ''}
        onChange={(e) => set('billingPeriod', e.target.value as BillingPeriod)}
        disabled={fees.basicFee <= 0}
        helperText={fees.basicFee <= 0 ? t('dialog.billingPeriodHelp') : undefined}
      >
        <MenuItem value="">
          <em>{t('dialog.none')}</em>
        </MenuItem>
        {BILLING_PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`periods.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <MoneyField draft={draft} field="costPerUpload" label={t('dialog.costPerUpload')} />
      <MoneyField draft={draft} field="staticCostPerShipment" label={t('dialog.staticCostPerShipment')} />
      <TextField
        size="small"
        label={`${t('dialog.minCostPerShipment')} (€)`}
        value={d.minCostPerShipment}
        onChange={(e) => set('minCostPerShipment', e.target.value)}
        required={needsMinCostPerShipment(fees)}
        error={minCostMissing}
        helperText={minCostMissing ? t('dialog.minCostMissing') : undefined}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'tariff-minCostPerShipment' } }}
      />
      <MoneyField draft={draft} field="maxCostPerShipment" label={t('dialog.maxCostPerShipment')} />
    </>
  );
}

/** Regression factor, free shipments, business units and the end of the tariff. */
function TariffLimitFields({ draft }: { draft: TariffDraft }) {
  const { t } = useTranslation(['tariffs', 'common']);
  const { d, set, step1Errors } = draft;
  return (
    <>
      <TextField
        size="small"
        label={t('dialog.regressionFactor')}
        value={d.regressionFactor}
        onChange={(e) => set('regressionFactor', e.target.value)}
        error={step1Errors.regression}
        helperText={t('dialog.regressionHelp')}
      />
      <TextField
        size="small"
        label={t('dialog.freeNumberOfShipments')}
        value={d.freeNumberOfShipments}
        onChange={(e) => set('freeNumberOfShipments', e.target.value)}
        error={step1Errors.freeShipments}
        helperText={t('dialog.freeNumberHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        size="small"
        label={t('dialog.businessUnitsLimit')}
        value={d.businessUnitsLimit}
        onChange={(e) => set('businessUnitsLimit', e.target.value)}
        error={step1Errors.unitsLimit}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <DatesProvider>
        <DayPicker label={t('dialog.endDate')} value={d.endDate} onChange={(v) => set('endDate', v)} />
      </DatesProvider>
    </>
  );
}

/** Step 1: type, module, charge and fees. */
export function TariffFeesStep({ draft, moduleFixed }: { draft: TariffDraft; moduleFixed: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TariffKindFields draft={draft} moduleFixed={moduleFixed} />
      <TariffFeeFields draft={draft} />
      <TariffLimitFields draft={draft} />
    </Box>
  );
}

/** Step 2: name and descriptions in German and English; `warning` where none is complete. */
export function TariffTextsStep({
  d,
  setText,
  warning,
}: {
  d: Draft;
  setText: (l: (typeof LANGUAGES)[number], key: keyof Texts['de'], value: string) => void;
  warning: string | null;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {warning && (
        <Alert severity="warning" data-testid="tariff-translation-warning">
          {warning}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('dialog.translationsHelp')}
      </Typography>
      {LANGUAGES.map((l) => (
        <Box key={l} sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="subtitle2">{t(`dialog.locale.${l}`)}</Typography>
          <TextField
            size="small"
            label={t('dialog.name')}
            value={d.texts[l].name}
            onChange={(e) => setText(l, 'name', e.target.value)}
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': `tariff-name-${l}` } }}
          />
          <TextField
            size="small"
            label={t('dialog.shortDescription')}
            value={d.texts[l].shortDescription}
            onChange={(e) => setText(l, 'shortDescription', e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': `tariff-short-${l}` } }}
          />
          <TextField
            size="small"
            multiline
            minRows={2}
            label={t('dialog.longDescription')}
            value={d.texts[l].longDescription}
            onChange={(e) => setText(l, 'longDescription', e.target.value)}
            slotProps={{ htmlInput: { maxLength: 10000, 'data-testid': `tariff-long-${l}` } }}
          />
        </Box>
      ))}
    </Box>
  );
}
