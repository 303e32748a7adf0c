import { createHash } from 'node:crypto';
import type { pactSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { ExchangeOrder } from '../orders/index.ts';
import type { ExchangeShipment } from '../tours/index.ts';
import { fromMicro } from './pact.decimal.ts';
import { type Dqi, type ShipmentTotals, shipmentTotals } from './pact.ileap.ts';
import { orderChainTotals } from './pact.orders.ts';
import type { OperationFootprint } from './pact.operations.ts';
import type { EmissionFactorSource } from './pact.categories.ts';

/**
 * PACT ProductFootprints of iLEAP data (iLEAP v1.0.1 §7.2): one for each shipment (§7.2.1), TOC
 * (§7.2.2) and HOC (§7.2.3), encoded for PACT v2.3 and v3.0.
 */
type PfV2 = z.input<typeof pactSchemas.productFootprintV2>;
type PfV3 = z.input<typeof pactSchemas.productFootprintV3>;

/** The data model versions served (the 2.3 and 3.0 data models; later patches are editorial). */
export const SPEC_VERSION = { 2: '2.3.0', 3: '3.0.0' } as const;
/** iLEAP §7.2: DataModelExtension specVersion, schema URLs and documentation. */
const EXTENSION_SPEC = '2.0.0';
const ILEAP_DOCS = 'https://sine-fdn.github.io/ileap-extension/';
const SCHEMA = {
  shipment: 'https://api.ileap.sine.dev/shipment-footprint.json',
  toc: 'https://api.ileap.sine.dev/toc.json',
  hoc: 'https://api.ileap.sine.dev/hoc.json',
} as const;
/** iLEAP §7.2.1–§7.2.3: productCategoryCpc 83117, the CPC code of logistics services; v3 as URN. */
export const CPC = '83117';
export const CPC_URN = `urn:cpc:${CPC}`;
/** iLEAP §7.2.1: vendor-assigned ids, as the carrier assigns shipment, TOC and HOC ids. */
export const PRODUCT_ID_PREFIX = 'urn:pathfinder:product:customcode:vendor-assigned:';
/** GLEC as the sector rule the figures follow (PACT ProductOrSectorSpecificRule, operator Other). */
const SECTOR_RULES = [
  {
    operator: 'Other' as const,
    ruleNames: ['GLEC Framework v3.1'],
    otherOperatorName: 'Smart Freight Centre',
  },
];

/** `order`: a ShipmentFootprint of an order's basic tour (its own product ids, beside the tours' shipments). */
export type Kind = 'shipment' | 'order' | 'toc' | 'hoc';

/** A footprint ready to be written in either PACT version. */
export type Served = {
  id: string;
  kind: Kind;
  key: string;
  productIds: string[];
  name: string;
  description: string;
  boundary: string;
  created: Date;
  periodStart: Date;
  periodEnd: Date;
  declaredUnit: 'ton kilometer' | 'kilogram';
  amount: string;
  /** productMassPerDeclaredUnit in v2 (iLEAP §7.2.x); v3 follows its own rule (massV3). */
  massV2: string;
  massV3: string;
  pcf: string;
  primaryShare: number;
  dqi: Dqi;
  reports: string[];
  sources: EmissionFactorSource[];
  extension: { dataSchema: string; data: Record<string, unknown> };
  /** Lifecycle (PACT v2.3 "Product Footprint Lifecycle"): set from the stored versions (exchange.versions). */
  version: number;
  updated: Date | null;
  status: 'Active' | 'Deprecated';
  precedingPfIds: string[] | null;
};

const KINDS: readonly Kind[] = ['shipment', 'order', 'toc', 'hoc'];

const FIRST_VERSION = { version: 0, updated: null, status: 'Active', precedingPfIds: null } as const;

export const productIdOf = (kind: Kind, key: string) =>
  `${PRODUCT_ID_PREFIX}${kind}:${encodeURIComponent(key)}`;

/** The key (shipment reference, order number, tocId, hocId) a product id names, when it is one of ours. */
export function keyOfProductId(productId: string): { kind: Kind; key: string } | null {
  const lower = productId.toLowerCase();
  if (!lower.startsWith(PRODUCT_ID_PREFIX)) return null;
  const rest = productId.slice(PRODUCT_ID_PREFIX.length);
  const colon = rest.indexOf(':');
  const kind = rest.slice(0, colon).toLowerCase() as Kind;
  if (colon < 0 || !KINDS.includes(kind)) return null;
  try {
    return { kind, key: decodeURIComponent(rest.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** A stable UUID (version 4 layout, PACT PfId) for a company's TOC or HOC. */
export function derivedId(companyId: string, kind: Kind, key: string): string {
  const b = createHash('sha256').update(`${companyId}\u0000${kind}\u0000${key}`).digest();
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const BOUNDARY = {
  shipment:
    'Well-to-wheel (WTW) GHG emissions of the transport chain elements of the shipment (transport legs and handover hubs) per ISO 14083:2023 and the GLEC Framework v3.1; fuel-based where the fuel of the vehicle was measured, GLEC default intensities otherwise.',
  order:
    "Well-to-wheel (WTW) GHG emissions of the transport chain elements of the order's transport chain (transport legs and the hubs between them) per ISO 14083:2023 and the GLEC Framework v3.1, with GLEC default intensities.",
} as const;

/**
 * A ShipmentFootprint (§7.2.1) of a shipment or an order: the chain's totals, named by the shipment
 * reference or order number (iLEAP's "Shipment with ID" wording for both: each is one shipment).
 */
function servedChain(
  kind: 'shipment' | 'order',
  s: { id: string; key: string; created: Date },
  t: ShipmentTotals,
): Served {
  return {
    id: s.id,
    kind,
    key: s.key,
    productIds: [productIdOf(kind, s.key)],
    name: `Shipment with ID ${s.key}`,
    description: `Logistics emissions related to shipment with ID ${s.key}`,
    boundary: BOUNDARY[kind],
    created: s.created,
    periodStart: t.periodStart,
    periodEnd: t.periodEnd,
    declaredUnit: 'ton kilometer',
    amount: fromMicro(t.tkmMicro),
    massV2: t.data.mass,
    massV3: '0',
    pcf: fromMicro(t.wtwMicro),
    primaryShare: t.primaryShare,
    dqi: t.dqi,
    reports: t.reports,
    sources: t.sources,
    extension: { dataSchema: SCHEMA.shipment, data: t.data },
    ...FIRST_VERSION,
  };
}

/** A shipment's footprint (§7.2.1), or null when it cannot be served (see shipmentTotals). */
export function servedShipment(s: ExchangeShipment): Served | null {
  const t = shipmentTotals(s);
  return t && servedChain('shipment', { id: s.id, key: s.reference, created: s.createdAt }, t);
}

/** An order's footprint (§7.2.1), or null when it cannot be served (see orderChainTotals). */
export function servedOrder(o: ExchangeOrder): Served | null {
  const t = orderChainTotals(o);
  return t && servedChain('order', { id: o.id, key: o.number, created: o.createdAt }, t);
}

/** A TOC's (§7.2.2) or HOC's (§7.2.3) footprint: the intensity per tkm, or per tonne leaving the hub. */
export function servedOperation(companyId: string, o: OperationFootprint): Served {
  const toc = o.kind === 'toc';
  const label = toc ? 'TOC' : 'HOC';
  return {
    id: derivedId(companyId, o.kind, o.key),
    kind: o.kind,
    key: o.key,
    productIds: [productIdOf(o.kind, o.key)],
    name: `${label} with ID ${o.key}`,
    description: `Logistics emissions intensity of ${toc ? 'transport' : 'hub'} operation category ${o.key}: ${o.data.description ?? ''}`,
    boundary: toc
      ? 'Well-to-wheel (WTW) GHG emission intensity of the transport operation category per tonne-kilometre, per ISO 14083:2023 and the GLEC Framework v3.1.'
      : 'Well-to-wheel (WTW) GHG emission intensity of the hub operation category per tonne leaving the hub, per ISO 14083:2023 and the GLEC Framework v3.1.',
    created: o.created,
    periodStart: o.periodStart,
    periodEnd: o.periodEnd,
    declaredUnit: toc ? 'ton kilometer' : 'kilogram',
    amount: toc ? '1' : '1000',
    massV2: toc ? '1' : '1000',
    massV3: toc ? '0' : '1000',
    pcf: o.intensityWtw,
    primaryShare: o.measured ? 100 : 0,
    dqi: o.dqi,
    reports: o.reports,
    sources: o.sources,
    extension: { dataSchema: SCHEMA[o.kind], data: o.data as Record<string, unknown> },
    ...FIRST_VERSION,
  };
}

/** Company facts every footprint names (PACT companyName, companyIds as an RFC 4122 URN). */
export type Owner = { companyId: string; companyName: string };

const extensionOf = (f: Served) => ({
  specVersion: EXTENSION_SPEC,
  dataSchema: f.extension.dataSchema,
  documentation: ILEAP_DOCS,
  data: f.extension.data,
});

const COMMENT =
  'Calculated by Klimadesk per ISO 14083:2023 and the GLEC Framework v3.1; iLEAP data in the extension.';

/** PACT v2.3 ProductFootprint with the iLEAP mapping of §7.2. */
export function toV2(f: Served, owner: Owner): PfV2 {
  return {
    id: f.id,
    specVersion: SPEC_VERSION[2],
    ...(f.precedingPfIds?.length ? { precedingPfIds: f.precedingPfIds } : {}),
    version: f.version,
    created: f.created.toISOString(),
    ...(f.updated ? { updated: f.updated.toISOString() } : {}),
    status: f.status,
    companyName: owner.companyName,
    companyIds: [`urn:uuid:${owner.companyId}`],
    productDescription: f.description,
    productIds: f.productIds,
    productClassifications: [CPC_URN],
    productCategoryCpc: CPC,
    productNameCompany: f.name,
    comment: COMMENT,
    pcf: {
      declaredUnit: f.declaredUnit,
      unitaryProductAmount: f.amount,
      productMassPerDeclaredUnit: f.massV2,
      pCfExcludingBiogenic: f.pcf,
      fossilGhgEmissions: f.pcf,
      // A logistics service contains no carbon (iLEAP Appendix B examples: "0").
      fossilCarbonContent: '0',
      biogenicCarbonContent: '0',
      // The earliest report used (PACT v2 characterizationFactors).
      characterizationFactors: f.reports.includes('AR5') ? 'AR5' : 'AR6',
      ipccCharacterizationFactorsSources: f.reports,
      crossSectoralStandardsUsed: ['GHG Protocol Product standard'],
      crossSectoralStandards: ['ISO14083'],
      productOrSectorSpecificRules: SECTOR_RULES,
      boundaryProcessesDescription: f.boundary,
      referencePeriodStart: f.periodStart.toISOString(),
      referencePeriodEnd: f.periodEnd.toISOString(),
      ...(f.sources.length ? { secondaryEmissionFactorSources: f.sources } : {}),
      exemptedEmissionsPercent: 0,
      exemptedEmissionsDescription: '',
      packagingEmissionsIncluded: false,
      primaryDataShare: f.primaryShare,
      dqi: f.dqi,
    },
    extensions: [extensionOf(f)],
  };
}

/** PACT v3.0 ProductFootprint: decimals as strings, mass per declared unit 0 for tonne-kilometres. */
export function toV3(f: Served, owner: Owner): PfV3 {
  return {
    id: f.id,
    specVersion: SPEC_VERSION[3],
    ...(f.precedingPfIds?.length ? { precedingPfIds: f.precedingPfIds } : {}),
    created: f.created.toISOString(),
    status: f.status,
    companyName: owner.companyName,
    companyIds: [`urn:uuid:${owner.companyId}`],
    productDescription: f.description,
    productIds: f.productIds,
    productClassifications: [CPC_URN],
    productNameCompany: f.name,
    comment: COMMENT,
    pcf: {
      declaredUnitOfMeasurement: f.declaredUnit,
      declaredUnitAmount: f.amount,
      productMassPerDeclaredUnit: f.massV3,
      referencePeriodStart: f.periodStart.toISOString(),
      referencePeriodEnd: f.periodEnd.toISOString(),
      boundaryProcessesDescription: f.boundary,
      pcfExcludingBiogenicUptake: f.pcf,
      pcfIncludingBiogenicUptake: f.pcf,
      fossilGhgEmissions: f.pcf,
      fossilCarbonContent: '0',
      biogenicCarbonContent: '0',
      packagingEmissionsIncluded: false,
      ipccCharacterizationFactors: f.reports,
      crossSectoralStandards: ['ISO14083'],
      productOrSectorSpecificRules: SECTOR_RULES,
      exemptedEmissionsPercent: '0',
      exemptedEmissionsDescription: '',
      ...(f.sources.length ? { secondaryEmissionFactorSources: f.sources } : {}),
      primaryDataShare: String(f.primaryShare),
    },
    extensions: [extensionOf(f)],
  };
}

/** Validity: 3 years from the reference period's end (PACT v3 "Validity Period", v2 validityPeriodStart). */
export function validityOf(f: Served): { start: Date; end: Date } {
  const end = new Date(f.periodEnd);
  end.setUTCFullYear(end.getUTCFullYear() + 3);
  return { start: f.periodEnd, end };
}
