import type { Language } from '@klimadesk/contract';
import { t as message } from '@klimadesk/contract/messages';
import type { TraceStep } from '@klimadesk/glec';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';

/**
 * Primary data a subcontractor supplied for one leg of a shipment (an iLEAP ShipmentFootprint it
 * served, chosen by the user for that leg). ISO 14083:2023 §5.2 and GLEC Framework v3.1 §2 ask for
 * primary (supplier-specific) data where available, default values otherwise: the leg's figure is
 * then the partner's. The exchange module owns the fetched footprints and registers the reader at
 * start-up, so tours does not import exchange (which reads tours).
 */
export type LegPrimaryData = {
  tourId: string;
  partnerName: string;
  footprintId: string;
  /** PACT `version` of the footprint. */
  version: number;
  /** kg CO2e well-to-wheel and tank-to-wheel: the sums of the footprint's TCEs (iLEAP §7.2.1). */
  co2eWtwKg: number;
  co2eTtwKg: number | null;
  tkm: number;
};

export type PrimaryDataReader = (
  db: DbOrTx,
  companyId: CompanyId,
  shipmentId: string,
) => Promise<LegPrimaryData[]>;

let reader: PrimaryDataReader | null = null;

/** Set by the exchange module when the app starts; null removes it (tests). */
export function registerPrimaryDataReader(r: PrimaryDataReader | null): void {
  reader = r;
}

export async function primaryDataOf(db: DbOrTx, companyId: CompanyId, shipmentId: string) {
  const rows = reader ? await reader(db, companyId, shipmentId) : [];
  return new Map(rows.map((r) => [r.tourId, r]));
}

/** The leg's figures with the partner's: WTW and TTW as supplied, WTT the difference (GLEC WTW = TTW + WTT). */
export function primaryFigures(p: LegPrimaryData) {
  const ttw = p.co2eTtwKg ?? 0;
  return { ttw, wtt: p.co2eWtwKg - ttw, wtw: p.co2eWtwKg };
}

/** The trace step stating the primary data used (its source and figures). */
export function primaryStep(p: LegPrimaryData, lang: Language): TraceStep {
  const f = primaryFigures(p);
  return {
    step: 'primaryData',
    label: message(lang, 'tours.primaryData.label'),
    formula: 'co2eWTW = Σ TCE.co2eWTW; co2eTTW = Σ TCE.co2eTTW (iLEAP §7.2.1)',
    inputs: { partner: p.partnerName, footprintId: p.footprintId, footprintVersion: p.version, tkm: p.tkm },
    output: { co2WtwKg: f.wtw, co2TtwKg: f.ttw, co2WttKg: f.wtt },
    note: message(lang, 'tours.primaryData.note'),
  };
}

/** The sheet's head: which figure the leg uses, then the primary data's section. */
export function primarySheetHead(
  p: LegPrimaryData,
  lang: Language,
  format: (s: TraceStep[], title: string) => string,
) {
  const used = message(lang, 'tours.primaryData.used', {
    partner: p.partnerName,
    footprintId: p.footprintId,
    version: p.version,
  });
  return `${used}\n\n${format([primaryStep(p, lang)], message(lang, 'tours.primaryData.title'))}`;
}
