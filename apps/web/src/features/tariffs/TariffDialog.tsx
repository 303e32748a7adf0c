import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@klimadesk/contract/constants';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import {
  BILLING_PERIODS,
  DEFAULT_REGRESSION_FACTOR,
  TARIFF_TYPES,
  type BillingPeriod,
  type Tariff,
  type TariffType,
} from '@klimadesk/contract/tariffs/schemas';
import { fillTranslations, needsMinCostPerShipment, normaliseFees } from '@klimadesk/contract/tariffs/rules';
import { call } from '../../app/client.ts';
import { WizardSteps } from '../../components/WizardSteps.tsx';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { errorText } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { centsOf, euroText } from './tariffsFormat.ts';

type Texts = Record<Language, { name: string; shortDescription: string; longDescription: string }>;

type Draft = {
  type: TariffType;
  module: ModuleCode;
  isFreeOfCharge: boolean;
  isCategoryDefaultTariff: boolean;
  basicFee: string;
  billingPeriod: BillingPeriod | '';
  costPerUpload: string;
  staticCostPerShipment: string;
  minCostPerShipment: string;
  maxCostPerShipment: string;
  regressionFactor: string;
  freeNumberOfShipments: string;
  businessUnitsLimit: string;
  endDate: string | null;
  texts: Texts;
};

function draftOf(tariff: Tariff | null, module: ModuleCode | undefined, lang: Language): Draft {
  const texts = Object.fromEntries(
    LANGUAGES.map((l) => {
      const x = tariff?.translations.find((tr) => tr.locale === l);
      return [
        l,
        {
          name: x?.name ?? '',
          shortDescription: x?.shortDescription ?? '',
          longDescription: x?.longDescription ?? '',
        },
      ];
    }),
  ) as Texts;
  return {
    type: tariff?.type ?? 'default',
    module: tariff?.module ?? module ?? 'cft',
    isFreeOfCharge: tariff?.isFreeOfCharge ?? false,
    isCategoryDefaultTariff: tariff?.isCategoryDefaultTariff ?? false,
    basicFee: euroText(tariff?.basicFee ?? 0, lang),
    billingPeriod: tariff?.billingPeriod ?? '',
    costPerUpload: euroText(tariff?.costPerUpload ?? 0, lang),
    staticCostPerShipment: euroText(tariff?.staticCostPerShipment ?? 0, lang),
    minCostPerShipment: euroText(tariff?.minCostPerShipment ?? 0, lang),
    maxCostPerShipment: euroText(tariff?.maxCostPerShipment, lang),
    regressionFactor: String(tariff?.regressionFactor ?? DEFAULT_REGRESSION_FACTOR),
    freeNumberOfShipments: String(tariff?.freeNumberOfShipments ?? 0),
    businessUnitsLimit: tariff?.businessUnitsLimit?.toString() ?? '',
    endDate: tariff?.endDate ?? null,
    texts,
  };
}

/**
 * Creates or edits a tariff in two steps (seed 002 §2): step 1 type, module, charge and fees; step
 * 2 the German and English texts. A new tariff starts at step 1, an existing one at step 2; every
 * opening starts from the saved values (closing resets).
 */
export function TariffDialog({
  tariff,
  module,
  onClose,
}: {
  tariff: Tariff | null;
  module?: ModuleCode;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const lang: Language = i18n.language === 'en' ? 'en' : 'de';
  const [step, setStep] = useState(tariff ? 1 : 0);
  const [d, setD] = useState<Draft>(() => draftOf(tariff, module, lang));
  const [warning, setWarning] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((old) => ({ ...old, [key]: value }));
  const setText = (l: Language, key: keyof Texts['de'], value: string) =>
    setD((old) => ({ ...old, texts: { ...old.texts, [l]: { ...old.texts[l], [key]: value } } }));

  const money = {
    basicFee: centsOf(d.basicFee, lang),
    costPerUpload: centsOf(d.costPerUpload, lang),
    staticCostPerShipment: centsOf(d.staticCostPerShipment, lang),
    minCostPerShipment: centsOf(d.minCostPerShipment, lang),
    maxCostPerShipment: d.maxCostPerShipment.trim() === '' ? null : centsOf(d.maxCostPerShipment, lang),
  };
  const regression = Number(d.regressionFactor.replace(',', '.'));
  const freeShipments = Number.parseInt(d.freeNumberOfShipments || '0', 10);
  const unitsLimit = d.businessUnitsLimit.trim() === '' ? null : Number.parseInt(d.businessUnitsLimit, 10);
  const fees = normaliseFees({
    type: d.type,
    isFreeOfCharge: d.isFreeOfCharge,
    basicFee: money.basicFee ?? 0,
    billingPeriod: d.billingPeriod || null,
    staticCostPerShipment: money.staticCostPerShipment ?? 0,
    minCostPerShipment: money.minCostPerShipment ?? 0,
  });
  const minCostMissing = needsMinCostPerShipment(fees) && fees.minCostPerShipment <= 0;
  const step1Errors = {
    money:
      Object.values(money).some((v) => v === null && v !== money.maxCostPerShipment) ||
      (d.maxCostPerShipment.trim() !== '' && money.maxCostPerShipment === null),
    regression: !Number.isFinite(regression) || regression > 0 || regression < -1,
    freeShipments: !/^\d+$/.test(d.freeNumberOfShipments || '0'),
    unitsLimit: unitsLimit !== null && (!Number.isInteger(unitsLimit) || unitsLimit < 1),
  };
  const step1Valid = !minCostMissing && !Object.values(step1Errors).some(Boolean);

  const save = useApiMutation({
    mutate: (body: Parameters<typeof buildBody>[0]) =>
      tariff
        ? call('updateTariff', { params: { id: tariff.id }, body: buildBody(body) })
        : call('createTariff', { body: buildBody(body) }),
    invalidate: [['tariffs']],
    success: (saved: Tariff) => t(tariff ? 'notify.saved' : 'notify.created', { name: saved.name }),
    errorOf: (err) => {
      const text = `${t(tariff ? 'notify.saveFailed' : 'notify.createFailed')} ${errorText(err)}`;
      notify(text, 'error');
      return text;
    },
    onSuccess: onClose,
  });

  const submit = () => {
    if (step === 0) {
      if (step1Valid) setStep(1);
      return;
    }
    // Seed 002 §5: one translation complete, else a warning and nothing is sent.
    const texts = fillTranslations(LANGUAGES.map((l) => ({ locale: l, ...d.texts[l] })));
    if (!texts) {
      setWarning(t('dialog.longDescriptionMissing'));
      return;
    }
    setWarning(null);
    void save.run({ d, fees, money, regression, freeShipments, unitsLimit, texts });
  };

  const steps = [t('dialog.step1'), t('dialog.step2')];
  const moneyField = (key: keyof typeof money, label: string, disabled = false, required = false) => (
    <TextField
      size="small"
      label={`${label} (€)`}
      value={d[key]}
      onChange={(e) => set(key, e.target.value)}
      disabled={disabled}
      required={required}
      error={money[key] === null && d[key].trim() !== ''}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `tariff-${key}` } }}
    />
  );

  return (
    <FormDialog
      id="tariff"
      title={t(tariff ? 'dialog.editTitle' : 'dialog.createTitle')}
      mutation={save}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
      submitLabel={step === 0 ? t('dialog.next') : tariff ? undefined : t('common:actions.create')}
      submitDisabled={step === 0 && !step1Valid}
      submitTestId="tariff-save"
      requiredHint
      after={
        step === 1 && (
          <Box sx={{ px: 3, pt: 1 }}>
            <Button onClick={() => setStep(0)} data-testid="tariff-back">
              {t('dialog.back')}
            </Button>
          </Box>
        )
      }
    >
      <WizardSteps active={step} labels={steps} />
      {step === 0 ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
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
            disabled={module !== undefined}
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
              <Checkbox
                checked={d.isFreeOfCharge}
                onChange={(e) => set('isFreeOfCharge', e.target.checked)}
              />
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
          {moneyField('basicFee', t('dialog.basicFee'), d.isFreeOfCharge)}
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
          {moneyField('costPerUpload', t('dialog.costPerUpload'))}
          {moneyField('staticCostPerShipment', t('dialog.staticCostPerShipment'))}
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
          {moneyField('maxCostPerShipment', t('dialog.maxCostPerShipment'))}
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
        </Box>
      ) : (
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
      )}
    </FormDialog>
  );
}

function buildBody(x: {
  d: Draft;
  fees: { basicFee: number; billingPeriod: BillingPeriod | null };
  money: {
    costPerUpload: number | null;
    staticCostPerShipment: number | null;
    minCostPerShipment: number | null;
    maxCostPerShipment: number | null;
  };
  regression: number;
  freeShipments: number;
  unitsLimit: number | null;
  texts: NonNullable<ReturnType<typeof fillTranslations>>;
}) {
  return {
    type: x.d.type,
    module: x.d.module,
    isFreeOfCharge: x.d.isFreeOfCharge,
    isCategoryDefaultTariff: x.d.isCategoryDefaultTariff,
    basicFee: x.fees.basicFee,
    billingPeriod: x.fees.billingPeriod,
    costPerUpload: x.money.costPerUpload ?? 0,
    staticCostPerShipment: x.money.staticCostPerShipment ?? 0,
    minCostPerShipment: x.money.minCostPerShipment ?? 0,
    maxCostPerShipment: x.money.maxCostPerShipment,
    regressionFactor: x.regression,
    freeNumberOfShipments: x.freeShipments,
    businessUnitsLimit: x.unitsLimit,
    endDate: x.d.endDate,
    translations: x.texts,
  };
}
