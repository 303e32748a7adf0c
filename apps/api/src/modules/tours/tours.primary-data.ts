import type { Language, LegPrimaryData } from '@klimadesk/contract';
import { t as message } from '@klimadesk/contract/messages';
import type { TraceStep } from '@klimadesk/glec';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import type { RestatementRow } from './tours.restatements.repository.ts';

/**
 * Primary data a subcontractor supplied for one leg of a shipment (an iLEAP ShipmentFootprint it
 * served, applied by the user to that leg). ISO 14083:2023 §5.2 and GLEC Framework v3.1 §2 ask for
 * primary (supplier-specific) data where available, default values otherwise. Applying it restates
 * the leg's stored figures (tours.restatements.repository.ts, decision 0018), so every list, sum and
 * export reads the partner's figure; the restatement row names its source for the calculation sheet.
 * The exchange module owns the fetched footprints and registers a reader at start-up that tells
 * whether a newer version is on offer, so tours does not import exchange (which reads tours).
 */
export type PrimaryDataState = {
  /** The fetched footprint the leg's figures come from (the restatement's `sourceId`). */
  sourceId: string;
  /** The partner has withdrawn it (PACT status Deprecated). */
  deprecated: boolean;
  newer: LegPrimaryData['newer'];
};

export type PrimaryDataReader = (
  db: DbOrTx,
  companyId: CompanyId,
  sourceIds: string[],
) => Promise<PrimaryDataState[]>;

let reader: PrimaryDataReader | null = null;

/** Set by the exchange module when the app starts; null removes it (tests). */
export function registerPrimaryDataReader(r: PrimaryDataReader | null): void {
  reader = r;
}

/** What the exchange knows of the footprints these restatements came from, by source id. */
export async function primaryDataStates(db: DbOrTx, companyId: CompanyId, rows: RestatementRow[]) {
  const states =
    reader && rows.length
      ? await reader(
          db,
          companyId,
          rows.map((r) => r.sourceId),
        )
      : [];
  return new Map(states.map((s) => [s.sourceId, s]));
}

/**
 * A leg's figures from a partner's footprint: WTW and TTW as supplied (the sums of its TCEs, iLEAP
 * §7.2.1), WTT the difference (GLEC v3.1: WTW = TTW + WTT). A footprint without TTW leaves TTW and
 * WTT unknown (null), never 0.
 */
export function primaryFigures(p: { co2eWtwKg: number; co2eTtwKg: number | null }) {
  const ttw = p.co2eTtwKg;
  return { ttw, wtt: ttw === null ? null : p.co2eWtwKg - ttw, wtw: p.co2eWtwKg };
}

/** The trace step stating the primary data used (its source and the figures written). */
export function primaryStep(p: RestatementRow, lang: Language): TraceStep {
  return {
    step: 'primaryData',
    label: message(lang, 'tours.primaryData.label'),
    formula: 'co2eWTW = Σ TCE.co2eWTW; co2eTTW = Σ TCE.co2eTTW (iLEAP §7.2.1)',
    inputs: {
      partner: p.source.partnerName,
      footprintId: p.source.footprintId,
      footprintVersion: p.source.version,
      tkm: p.source.tkm,
    },
    output: { co2WtwKg: p.co2Wtw, co2TtwKg: p.co2Ttw, co2WttKg: p.co2Wtt },
    note: message(lang, 'tours.primaryData.note'),
  };
}

/** The sheet's head: which figure the leg uses, then the primary data's section. */
export function primarySheetHead(
  p: RestatementRow,
  lang: Language,
  format: (s: TraceStep[], title: string) => string,
) {
  const used = message(lang, 'tours.primaryData.used', {
    partner: p.source.partnerName,
    footprintId: p.source.footprintId,
    version: p.source.version,
  });
  return `${used}\n\n${format([primaryStep(p, lang)], message(lang, 'tours.primaryData.title'))}`;
}

/** The leg's primary data as the shipment detail answers it, with what the exchange offers. */
export function legPrimaryData(p: RestatementRow, state: PrimaryDataState | undefined): LegPrimaryData {
  return {
    partnerFootprintId: p.sourceId,
    partnerName: p.source.partnerName,
    footprintId: p.source.footprintId,
    version: p.source.version,
    appliedAt: p.appliedAt.toISOString(),
    deprecated: state?.deprecated ?? false,
    newer: state?.newer ?? null,
  };
}
