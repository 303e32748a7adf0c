import { z } from 'zod';

/**
 * The data exchanged under `/pact`, as the specifications define it:
 * - PACT Technical Specifications v2.3 (wbcsd/data-exchange-protocol spec/v2, "Data Model") and
 *   v3.0 (spec/v3/openapi.yaml, components.schemas);
 * - iLEAP Technical Specifications v1.0.1 (§6 Data Model) carried as PACT data model extensions.
 * Numbers the specs call Decimal are JSON strings (PACT v2 "Decimal", v3 `string<decimal>`, iLEAP
 * §6.6.5). The server's answers are encoded through these schemas; the spec examples parse with them.
 */

/** PACT v3 `Decimal` (openapi.yaml components.schemas.Decimal), also PACT v2 and iLEAP §6.6.5. */
export const decimal = z.string().regex(/^[+-]?\d+(\.\d+)?$/);
const urn = z.string().regex(/^urn:/i);
/** ISO 8601 in UTC (PACT v2 "DateTime"); v3 examples also write `+00:00`. */
const dateTime = z.iso.datetime({ offset: true });
const nonEmpty = z.string().min(1);
const country = z.string().regex(/^[A-Z]{2}$/);
/** PfId: a UUID (v2 "PfId"); the v3 examples use ids outside RFC 9562's versions, so any 8-4-4-4-12 hex is read. */
const pfId = z.guid();

// ---- iLEAP v1.0.1 §6 ----

/** §6.6.1 GLECDistance: at least one of actual, gcd, sfd (km). */
export const glecDistance = z
  .strictObject({ actual: decimal.optional(), gcd: decimal.optional(), sfd: decimal.optional() })
  .refine((d) => d.actual !== undefined || d.gcd !== undefined || d.sfd !== undefined, {
    message: 'at least one of actual, gcd, sfd',
  });

/** §6.6.2 Location: city and country are required. */
export const location = z.strictObject({
  street: z.string().optional(),
  zip: z.string().optional(),
  city: nonEmpty,
  country,
  iata: z.string().optional(),
  locode: z.string().optional(),
  uic: z.string().optional(),
  lat: decimal.optional(),
  lng: decimal.optional(),
});

/** §6.6.3 TransportMode. */
export const transportMode = z.enum(['Road', 'Rail', 'Air', 'Sea', 'InlandWaterway']);
/** §6.6.4 HubType. */
export const hubType = z.enum([
  'Transshipment',
  'StorageAndTransshipment',
  'Warehouse',
  'LiquidBulkTerminal',
  'MaritimeContainerTerminal',
]);

/** §6.6.8 Feedstock (an open enumeration: "will be evolved"). */
const feedstock = z.strictObject({
  feedstock: nonEmpty,
  feedstockShare: decimal.optional(),
  regionProvenance: z.string().optional(),
});

/** §6.6.6 EnergyCarrier; emission factors are required in TOCs and HOCs (checked there). */
export const energyCarrier = z.strictObject({
  energyCarrier: nonEmpty,
  relativeShare: decimal,
  feedstocks: z.array(feedstock).min(1).optional(),
  energyConsumption: decimal.optional(),
  energyConsumptionUnit: z.string().optional(),
  emissionFactorWTW: decimal.optional(),
  emissionFactorTTW: decimal.optional(),
});
const withFactors = energyCarrier.refine(
  (c) => c.emissionFactorWTW !== undefined && c.emissionFactorTTW !== undefined,
  { message: 'emissionFactorWTW and emissionFactorTTW are required in a TOC or HOC' },
);

/** §6.2.2 TCE: tocId and hocId are mutually exclusive, one of them is required. */
export const tce = z
  .strictObject({
    tceId: nonEmpty,
    prevTceIds: z.array(z.string()).optional(),
    tocId: z.string().optional(),
    hocId: z.string().optional(),
    shipmentId: nonEmpty,
    consignmentId: z.string().optional(),
    mass: decimal,
    packagingOrTrEqType: z.string().optional(),
    packagingOrTrEqAmount: decimal.optional(),
    distance: glecDistance,
    origin: location.optional(),
    destination: location.optional(),
    transportActivity: decimal,
    departureAt: dateTime.optional(),
    arrivalAt: dateTime.optional(),
    flightNo: z.string().optional(),
    voyageNo: z.string().optional(),
    incoterms: z
      .enum(['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'])
      .optional(),
    co2eWTW: decimal,
    co2eTTW: decimal,
    noxTTW: decimal.optional(),
    soxTTW: decimal.optional(),
    ch4TTW: decimal.optional(),
    pmTTW: decimal.optional(),
  })
  .refine((t) => (t.tocId === undefined) !== (t.hocId === undefined), {
    message: 'exactly one of tocId and hocId',
  });

/** §6.1.1 ShipmentFootprint. */
export const shipmentFootprint = z.strictObject({
  mass: decimal,
  volume: decimal.optional(),
  shipmentId: nonEmpty,
  tces: z.array(tce).min(1),
});

const certifications = z.array(z.string()).min(1).optional();

/** §6.3.1 TOC. */
export const toc = z.strictObject({
  tocId: nonEmpty,
  certifications,
  description: z.string().optional(),
  mode: transportMode,
  loadFactor: decimal.optional(),
  emptyDistanceFactor: decimal.optional(),
  temperatureControl: z.enum(['ambient', 'refrigerated', 'mixed']).optional(),
  truckLoadingSequence: z.enum(['LTL', 'FTL']).optional(),
  airShippingOption: z.enum(['belly freight', 'freighter']).optional(),
  flightLength: z.enum(['short-haul', 'long-haul']).optional(),
  energyCarriers: z.array(withFactors).min(1),
  co2eIntensityWTW: decimal,
  co2eIntensityTTW: decimal,
  transportActivityUnit: nonEmpty,
});

/** §6.4.1 HOC. */
export const hoc = z.strictObject({
  hocId: nonEmpty,
  description: z.string().optional(),
  certifications,
  hubType,
  temperatureControl: z.enum(['ambient', 'refrigerated', 'mixed']).optional(),
  hubLocation: location.optional(),
  inboundTransportMode: transportMode.optional(),
  outboundTransportMode: transportMode.optional(),
  packagingOrTrEqType: z.string().optional(),
  packagingOrTrEqAmount: z.number().int().optional(),
  energyCarriers: z.array(withFactors).min(1),
  co2eIntensityWTW: decimal,
  co2eIntensityTTW: decimal,
  hubActivityUnit: nonEmpty,
});

/** §6.5.1 TAD. */
export const tad = z.strictObject({
  activityId: nonEmpty,
  consignmentIds: z.array(nonEmpty).min(1),
  distance: glecDistance,
  mass: decimal.optional(),
  loadFactor: decimal.optional(),
  emptyDistanceFactor: decimal.optional(),
  origin: location,
  destination: location,
  departureAt: dateTime,
  arrivalAt: dateTime,
  mode: transportMode,
  packagingOrTrEqType: z.string().optional(),
  packagingOrTrEqAmount: z.number().int().optional(),
  energyCarriers: z.array(energyCarrier).min(1).optional(),
  temperatureControl: z.enum(['ambient', 'refrigerated']).optional(),
});

/** §7.1.4 TadResponseBody. */
export const tadList = z.object({ data: z.array(tad) }).meta({ id: 'IleapTadList' });

// ---- PACT shared types ----

/** PACT v2 DataModelExtension / v3 components.schemas.DataModelExtension. */
export const dataModelExtension = z.object({
  specVersion: nonEmpty,
  dataSchema: nonEmpty,
  documentation: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});

const emissionFactorSource = z.object({ name: nonEmpty, version: nonEmpty });
const productOrSectorSpecificRule = z.object({
  operator: z.enum(['PEF', 'EPD International', 'Other']),
  ruleNames: z.array(nonEmpty).min(1),
  otherOperatorName: nonEmpty.optional(),
});
const geography = {
  geographyCountrySubdivision: z.string().optional(),
  geographyCountry: country.optional(),
  geographyRegionOrSubregion: z.string().optional(),
};

/** PACT error response (v2 "Error responses", v3 components.schemas.Error). */
export const error = z.object({ code: nonEmpty, message: z.string() }).meta({ id: 'PactError' });

// ---- PACT v2.3 data model ----

const dqiV2 = z.object({
  coveragePercent: z.number().min(0).max(100).optional(),
  technologicalDQR: z.number().min(1).max(3).optional(),
  temporalDQR: z.number().min(1).max(3).optional(),
  geographicalDQR: z.number().min(1).max(3).optional(),
  completenessDQR: z.number().min(1).max(3).optional(),
  reliabilityDQR: z.number().min(1).max(3).optional(),
});

/** v2 CarbonFootprint (spec/v2 "Data Type: CarbonFootprint"); `crossSectoralStandards` is mandatory from 2.3. */
export const carbonFootprintV2 = z.object({
  declaredUnit: z.enum([
    'liter',
    'kilogram',
    'cubic meter',
    'kilowatt hour',
    'megajoule',
    'ton kilometer',
    'square meter',
    'piece',
  ]),
  unitaryProductAmount: decimal,
  productMassPerDeclaredUnit: decimal.optional(),
  pCfExcludingBiogenic: decimal,
  pCfIncludingBiogenic: decimal.optional(),
  fossilGhgEmissions: decimal,
  fossilCarbonContent: decimal,
  biogenicCarbonContent: decimal,
  dLucGhgEmissions: decimal.optional(),
  landManagementGhgEmissions: decimal.optional(),
  otherBiogenicGhgEmissions: decimal.optional(),
  iLucGhgEmissions: decimal.optional(),
  biogenicCarbonWithdrawal: decimal.optional(),
  aircraftGhgEmissions: decimal.optional(),
  characterizationFactors: z.enum(['AR5', 'AR6']),
  ipccCharacterizationFactorsSources: z.array(z.string().regex(/^AR\d+$/)).min(1),
  crossSectoralStandardsUsed: z.array(z.string()).min(1),
  crossSectoralStandards: z.array(z.string()).min(1).optional(),
  productOrSectorSpecificRules: z.array(productOrSectorSpecificRule).optional(),
  biogenicAccountingMethodology: z.string().optional(),
  boundaryProcessesDescription: z.string(),
  referencePeriodStart: dateTime,
  referencePeriodEnd: dateTime,
  ...geography,
  secondaryEmissionFactorSources: z.array(emissionFactorSource).min(1).optional(),
  exemptedEmissionsPercent: z.number().min(0).max(5),
  exemptedEmissionsDescription: z.string(),
  packagingEmissionsIncluded: z.boolean(),
  packagingGhgEmissions: decimal.optional(),
  allocationRulesDescription: z.string().optional(),
  uncertaintyAssessmentDescription: z.string().optional(),
  primaryDataShare: z.number().min(0).max(100).optional(),
  dqi: dqiV2.optional(),
  assurance: z.record(z.string(), z.unknown()).optional(),
});

/** v2 ProductFootprint (spec/v2 "Data Type: ProductFootprint"). */
export const productFootprintV2 = z
  .object({
    id: pfId,
    specVersion: nonEmpty,
    precedingPfIds: z.array(pfId).min(1).optional(),
    version: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    created: dateTime,
    updated: dateTime.optional(),
    status: z.enum(['Active', 'Deprecated']),
    statusComment: z.string().optional(),
    validityPeriodStart: dateTime.optional(),
    validityPeriodEnd: dateTime.optional(),
    companyName: nonEmpty,
    companyIds: z.array(urn).min(1),
    productDescription: z.string(),
    productIds: z.array(urn).min(1),
    productClassifications: z.array(urn).min(1).optional(),
    productCategoryCpc: nonEmpty,
    productNameCompany: nonEmpty,
    comment: z.string(),
    pcf: carbonFootprintV2,
    extensions: z.array(dataModelExtension).min(1).optional(),
  })
  .meta({ id: 'PactV2ProductFootprint' });

// ---- PACT v3.0 data model (spec/v3/openapi.yaml) ----

/** v3 CarbonFootprint; decimals are strings, DQRs range 1–5. */
export const carbonFootprintV3 = z.object({
  declaredUnitOfMeasurement: z.enum([
    'liter',
    'kilogram',
    'cubic meter',
    'kilowatt hour',
    'megajoule',
    'ton kilometer',
    'square meter',
    'piece',
    'hour',
    'megabit second',
  ]),
  declaredUnitAmount: decimal,
  productMassPerDeclaredUnit: decimal,
  referencePeriodStart: dateTime,
  referencePeriodEnd: dateTime,
  ...geography,
  boundaryProcessesDescription: z.string().optional(),
  pcfExcludingBiogenicUptake: decimal,
  pcfIncludingBiogenicUptake: decimal,
  fossilCarbonContent: decimal,
  biogenicCarbonContent: decimal.optional(),
  recycledCarbonContent: decimal.optional(),
  fossilGhgEmissions: decimal,
  landUseChangeGhgEmissions: decimal.optional(),
  aircraftGhgEmissions: decimal.optional(),
  packagingEmissionsIncluded: z.boolean().optional(),
  packagingGhgEmissions: decimal.optional(),
  outboundLogisticsGhgEmissions: decimal.optional(),
  ccsTechnologicalCO2CaptureIncluded: z.boolean().optional(),
  ipccCharacterizationFactors: z.array(z.string().regex(/^AR\d+$/)).min(1),
  crossSectoralStandards: z.array(z.string()).min(1),
  productOrSectorSpecificRules: z.array(productOrSectorSpecificRule).min(1).optional(),
  exemptedEmissionsPercent: decimal,
  exemptedEmissionsDescription: z.string().optional(),
  allocationRulesDescription: z.string().optional(),
  secondaryEmissionFactorSources: z.array(emissionFactorSource).min(1).optional(),
  primaryDataShare: decimal.optional(),
  dqi: z.object({ technologicalDQR: decimal, geographicalDQR: decimal, temporalDQR: decimal }).optional(),
  verification: z.record(z.string(), z.unknown()).optional(),
});

/** v3 ProductFootprint: `version`, `updated` and `statusComment` are gone (v3 "Obsolete Properties"). */
export const productFootprintV3 = z
  .object({
    id: pfId,
    specVersion: z.string().regex(/^\d+\.\d+\.\d+(-\d{8})?$/),
    precedingPfIds: z.array(pfId).min(1).optional(),
    created: dateTime,
    status: z.enum(['Active', 'Deprecated']),
    validityPeriodStart: dateTime.optional(),
    validityPeriodEnd: dateTime.optional(),
    companyName: nonEmpty,
    companyIds: z.array(urn).min(1),
    productDescription: z.string(),
    productIds: z.array(urn).min(1),
    productClassifications: z.array(urn).min(1).optional(),
    productNameCompany: nonEmpty,
    comment: z.string().optional(),
    pcf: carbonFootprintV3,
    extensions: z.array(dataModelExtension).optional(),
  })
  .meta({ id: 'PactV3ProductFootprint' });

export const footprintListV2 = z.object({ data: z.array(productFootprintV2) }).meta({ id: 'PactV2List' });
export const footprintV2 = z.object({ data: productFootprintV2 }).meta({ id: 'PactV2Get' });
export const footprintListV3 = z.object({ data: z.array(productFootprintV3) }).meta({ id: 'PactV3List' });
export const footprintV3 = z.object({ data: productFootprintV3 }).meta({ id: 'PactV3Get' });

// ---- Authentication (RFC 6749 §4.4, §5.1, §5.2; PACT v3 "Token Response") ----

export const tokenResponse = z
  .object({
    access_token: nonEmpty,
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().positive(),
    scope: z.string().optional(),
  })
  .meta({ id: 'PactTokenResponse' });

export const oauthError = z
  .object({ error: nonEmpty, error_description: z.string().optional() })
  .meta({ id: 'OAuthError' });

/** The OpenID Provider Configuration Document as far as PACT uses it (`token_endpoint`). */
export const openIdConfiguration = z
  .object({
    issuer: nonEmpty,
    token_endpoint: nonEmpty,
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
  })
  .meta({ id: 'OpenIdConfiguration' });

/** A CloudEvents 1.0 event in structured JSON mode (PACT v2 "Action Events", v3 BaseEvent). */
export const cloudEvent = z
  .object({
    type: nonEmpty,
    specversion: z.literal('1.0'),
    id: nonEmpty,
    source: nonEmpty,
    time: dateTime.optional(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'PactCloudEvent' });
