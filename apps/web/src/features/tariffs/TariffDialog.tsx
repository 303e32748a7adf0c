import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@klimadesk/contract/constants';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import type { BillingPeriod, Tariff } from '@klimadesk/contract/tariffs/schemas';
import { fillTranslations } from '@klimadesk/contract/tariffs/rules';
import { call } from '../../app/client.ts';
import { WizardSteps } from '../../components/WizardSteps.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { errorText } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { type Draft, useTariffDraft } from './tariffDraft.ts';
import { TariffFeesStep, TariffTextsStep } from './TariffFields.tsx';

/** The save of the tariff: a change of the stored one, else a new one; a refusal shows in the snackbar too. */
function useTariffSave(tariff: Tariff | null, onClose: () => void) {
  const { t } = useTranslation(['tariffs', 'common']);
  return useApiMutation({
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
  const draft = useTariffDraft(tariff, module, lang);
  const { d, fees, money, regression, freeShipments, unitsLimit, step1Valid } = draft;
  const [warning, setWarning] = useState<string | null>(null);
  const save = useTariffSave(tariff, onClose);

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
        <TariffFeesStep draft={draft} moduleFixed={module !== undefined} />
      ) : (
        <TariffTextsStep d={d} setText={draft.setText} warning={warning} />
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
