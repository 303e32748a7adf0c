import { useState } from 'react';
import { LANGUAGES, type Language } from '@klimadesk/contract/constants';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import {
  DEFAULT_REGRESSION_FACTOR,
  type BillingPeriod,
  type Tariff,
  type TariffType,
} from '@klimadesk/contract/tariffs/schemas';
import { needsMinCostPerShipment, normaliseFees } from '@klimadesk/contract/tariffs/rules';
import { centsOf, euroText } from './tariffsFormat.ts';

export type Texts = Record<Language, { name: string; shortDescription: string; longDescription: string }>;

/** The tariff as typed: figures as text until they are saved. */
export type Draft = {
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
 * The draft of the tariff dialog and what follows from it: the money fields in cents (null where
 * the text is no amount), the fees as the rules normalise them, and the checks of step 1.
 */
export function useTariffDraft(tariff: Tariff | null, module: ModuleCode | undefined, lang: Language) {
  const [d, setD] = useState<Draft>(() => draftOf(tariff, module, lang));
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
  return {
    d,
    set,
    setText,
    money,
    regression,
    freeShipments,
    unitsLimit,
    fees,
    minCostMissing,
    step1Errors,
    step1Valid,
  };
}

export type TariffDraft = ReturnType<typeof useTariffDraft>;
