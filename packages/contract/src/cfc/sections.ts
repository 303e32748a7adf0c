/**
 * The section tree of the corporate carbon footprint (seed 001 §3, §4; issue 19): scopes 1 to 3 of
 * the GHG Protocol Corporate Standard, scope 3 as the 15 categories of its Scope 3 Standard
 * (names and descriptions from ghg-protocol/ghg_protocol_scope3_categories.csv of the shared
 * reference data, World Resources Institute / WBCSD). Shared by the API (validation, counts, the
 * tariff rule) and the web app (navigation), so both walk the same tree.
 */
import type { Language } from '../constants.ts';

type Names = Readonly<Record<Language, string>>;

export type CfcSectionDef = {
  /** Stable id, also the internal name in addresses (`/cfc/edit/{unit}/{year}/{id}`). */
  id: string;
  scope: 1 | 2 | 3;
  /** The parent section; null for a scope. */
  parent: string | null;
  /** Order among all sections (a depth-first walk of the tree). */
  weight: number;
  /** The emission database category whose activities the section offers (emission-db SECTIONS). */
  activityCategory: string | null;
  /**
   * The section whose figures derive from this one's entries: fuels and purchased energy feed the
   * upstream (well-to-tank, T&D) figures of category 3.3, so a change here reloads that section too.
   */
  derivativeSection: string | null;
  /** Scope 2 energy: the report's power or thermal method decides location- or market-based. */
  energyMethod: 'power' | 'thermal' | null;
  /** Included without the paid CFC tariff (see `CFC_FREE_RULE`). */
  free: boolean;
  names: Names;
  /** Built-in help text; the platform admin may replace it per language (`update-help-text`). */
  help: Names;
};

type Extra = Partial<Pick<CfcSectionDef, 'activityCategory' | 'derivativeSection' | 'energyMethod'>>;

let weight = 0;
const def = (
  id: string,
  scope: 1 | 2 | 3,
  parent: string | null,
  free: boolean,
  names: [string, string],
  help: [string, string],
  extra: Extra = {},
): CfcSectionDef => {
  weight += 10;
  return {
    id,
    scope,
    parent,
    weight,
    activityCategory: extra.activityCategory ?? null,
    derivativeSection: extra.derivativeSection ?? null,
    energyMethod: extra.energyMethod ?? null,
    free,
    names: { de: names[0], en: names[1] },
    help: { de: help[0], en: help[1] },
  };
};

const FUEL_ENERGY = 'fuel-energy';

/**
 * The tariff rule (seed 001 §1, §6: scope 3 and some categories only in the paid tariff; a free
 * user gets an extra scope's sections): without a paid CFC booking a company reports scopes 1 and
 * 2 in full and, as the extra scope, the three scope 3 categories every office has (3.5 waste,
 * 3.6 business travel, 3.7 commuting); the paid tariff opens every section.
 */
export const CFC_FREE_RULE = 'scope1+scope2+scope3:waste,business-travel,employee-commuting' as const;

export const CFC_SECTIONS: readonly CfcSectionDef[] = [
  def(
    'scope1',
    1,
    null,
    true,
    ['Scope 1: Direkte Emissionen', 'Scope 1: Direct emissions'],
    [
      'Emissionen aus Quellen, die das Unternehmen besitzt oder steuert.',
      'Emissions from sources the company owns or controls.',
    ],
  ),
  def(
    'stationary-combustion',
    1,
    'scope1',
    true,
    ['Stationäre Verbrennung', 'Stationary combustion'],
    [
      'Brennstoffe in eigenen Heizungen, Kesseln und Generatoren (Erdgas, Heizöl, Flüssiggas).',
      'Fuels burnt in own boilers, furnaces and generators (natural gas, heating oil, LPG).',
    ],
    { activityCategory: 'stationary-combustion', derivativeSection: FUEL_ENERGY },
  ),
  def(
    'mobile-combustion',
    1,
    'scope1',
    true,
    ['Mobile Verbrennung', 'Mobile combustion'],
    [
      'Kraftstoffe der eigenen oder geleasten Fahrzeuge (Firmenwagen, Lkw, Stapler).',
      'Fuels of owned or leased vehicles (company cars, trucks, forklifts).',
    ],
    { activityCategory: 'mobile-combustion', derivativeSection: FUEL_ENERGY },
  ),
  def(
    'process-emissions',
    1,
    'scope1',
    true,
    ['Prozessemissionen', 'Process emissions'],
    [
      'Emissionen aus chemischen oder physikalischen Prozessen (z. B. Kalzinierung).',
      'Emissions from chemical or physical processes (e.g. calcination).',
    ],
    { activityCategory: 'process-emissions' },
  ),
  def(
    'fugitive-emissions',
    1,
    'scope1',
    true,
    ['Flüchtige Emissionen (Kältemittel)', 'Fugitive emissions (refrigerants)'],
    [
      'Nachgefüllte oder verlorene Kältemittel aus Klimaanlagen und Kühlgeräten, in kg.',
      'Refrigerants refilled or lost from air conditioning and cooling, in kg.',
    ],
    { activityCategory: 'fugitive-emissions' },
  ),
  def(
    'scope2',
    2,
    null,
    true,
    ['Scope 2: Eingekaufte Energie', 'Scope 2: Purchased energy'],
    [
      'Indirekte Emissionen aus eingekauftem Strom, Wärme, Dampf und Kälte. Der Standort (Land) der Geschäftseinheit muss gesetzt sein.',
      'Indirect emissions of purchased electricity, heat, steam and cooling. The business unit’s site country must be set.',
    ],
  ),
  def(
    'purchased-electricity',
    2,
    'scope2',
    true,
    ['Strom', 'Electricity'],
    [
      'Standortbezogen immer aus dem Strommix des Landes und Jahres; marktbezogen mit dem Emissionsfaktor des Liefervertrags (z. B. Ökostromtarif) oder dem eigenen Faktor des Versorgers, sonst mit dem Netzdurchschnitt als Ersatz (kein Residualmix verfügbar).',
      'Location-based always from the grid mix of the country and year; market-based with the emission factor of the supply contract (e.g. a green tariff) or the supplier’s own factor, otherwise with the grid average as fallback (no residual mix available).',
    ],
    { activityCategory: 'purchased-electricity', derivativeSection: FUEL_ENERGY, energyMethod: 'power' },
  ),
  def(
    'purchased-heat',
    2,
    'scope2',
    true,
    ['Wärme', 'Heat'],
    ['Fernwärme und eingekaufte Wärme.', 'District heating and purchased heat.'],
    { activityCategory: 'purchased-heat', derivativeSection: FUEL_ENERGY, energyMethod: 'thermal' },
  ),
  def(
    'purchased-steam',
    2,
    'scope2',
    true,
    ['Dampf', 'Steam'],
    ['Eingekaufter Prozessdampf.', 'Purchased process steam.'],
    { activityCategory: 'purchased-heat', derivativeSection: FUEL_ENERGY, energyMethod: 'thermal' },
  ),
  def(
    'purchased-cooling',
    2,
    'scope2',
    true,
    ['Kälte', 'Cooling'],
    ['Fernkälte und eingekaufte Kälte.', 'District cooling and purchased cooling.'],
    { activityCategory: 'purchased-heat', derivativeSection: FUEL_ENERGY, energyMethod: 'thermal' },
  ),
  def(
    'scope3',
    3,
    null,
    false,
    ['Scope 3: Weitere indirekte Emissionen', 'Scope 3: Other indirect emissions'],
    [
      'Die 15 Kategorien des GHG Protocol Scope 3 Standard in der Wertschöpfungskette.',
      'The 15 categories of the GHG Protocol Scope 3 Standard along the value chain.',
    ],
  ),
  def(
    'purchased-goods',
    3,
    'scope3',
    false,
    ['3.1 Eingekaufte Waren und Dienstleistungen', '3.1 Purchased goods and services'],
    [
      'Herstellung und Transport eingekaufter Waren und Dienstleistungen des Berichtsjahres, soweit nicht in Kategorie 2–8.',
      'Extraction, production and transportation of goods and services purchased or acquired in the reporting year, not otherwise included in categories 2-8.',
    ],
    { activityCategory: 'purchased-goods' },
  ),
  def(
    'capital-goods',
    3,
    'scope3',
    false,
    ['3.2 Investitionsgüter', '3.2 Capital goods'],
    [
      'Herstellung und Transport der im Berichtsjahr erworbenen Investitionsgüter.',
      'Extraction, production and transportation of capital goods purchased or acquired in the reporting year.',
    ],
    { activityCategory: 'capital-goods' },
  ),
  def(
    FUEL_ENERGY,
    3,
    'scope3',
    false,
    ['3.3 Brennstoff- und energiebezogene Emissionen', '3.3 Fuel- and energy-related activities'],
    [
      'Vorketten (well-to-tank) eingekaufter Brennstoffe und Energie sowie Netzverluste; aus Scope 1 und 2 abgeleitet, eigene Einträge kommen hinzu.',
      'Well-to-tank emissions of purchased fuels and energy, transmission and distribution losses; derived from scopes 1 and 2, own entries add to them.',
    ],
    { activityCategory: 'fuel-energy' },
  ),
  def(
    'upstream-transport',
    3,
    'scope3',
    false,
    ['3.4 Vorgelagerter Transport und Verteilung', '3.4 Upstream transportation and distribution'],
    [
      'Transport eingekaufter Produkte und bezahlte Logistikdienstleistungen (ein- und ausgehend).',
      'Transportation and distribution of purchased products and third-party logistics paid for by the company (inbound and outbound).',
    ],
    { activityCategory: 'upstream-transport' },
  ),
  def(
    'waste',
    3,
    'scope3',
    true,
    ['3.5 Abfall', '3.5 Waste generated in operations'],
    [
      'Entsorgung und Behandlung der Abfälle aus dem eigenen Betrieb in fremden Anlagen.',
      'Disposal and treatment of waste generated in own operations (in facilities not owned or controlled).',
    ],
  ),
  def(
    'waste-solid',
    3,
    'waste',
    true,
    ['Feste Abfälle', 'Solid waste'],
    [
      'Abfallart und Behandlung (Deponie, Verbrennung, Recycling) in Tonnen.',
      'Waste type and treatment (landfill, incineration, recycling) in tonnes.',
    ],
    { activityCategory: 'waste' },
  ),
  def(
    'waste-water',
    3,
    'waste',
    true,
    ['Abwasser', 'Wastewater'],
    ['Behandeltes Abwasser in m³.', 'Treated wastewater in m³.'],
    { activityCategory: 'purchased-goods' },
  ),
  def(
    'business-travel',
    3,
    'scope3',
    true,
    ['3.6 Geschäftsreisen', '3.6 Business travel'],
    [
      'Reisen der Mitarbeitenden in Verkehrsmitteln, die das Unternehmen nicht besitzt oder betreibt.',
      'Transportation of employees for business-related activities in vehicles not owned or operated by the company.',
    ],
  ),
  def(
    'business-travel-flights',
    3,
    'business-travel',
    true,
    ['Flüge', 'Flights'],
    [
      'Strecke je Reisendem in Personenkilometern, Anzahl der Reisenden, Flugart und Reiseklasse.',
      'Distance per traveller in passenger kilometres, number of travellers, flight type and class.',
    ],
    { activityCategory: 'business-travel' },
  ),
  def(
    'business-travel-rail',
    3,
    'business-travel',
    true,
    ['Bahn', 'Rail'],
    ['Strecke je Reisendem und Anzahl der Reisenden.', 'Distance per traveller and number of travellers.'],
    { activityCategory: 'business-travel' },
  ),
  def(
    'business-travel-car',
    3,
    'business-travel',
    true,
    ['Pkw (privat, Miet- und Taxifahrten)', 'Car (private, hire and taxi)'],
    ['Gefahrene Kilometer oder getankter Kraftstoff.', 'Distance driven or fuel used.'],
    { activityCategory: 'business-travel' },
  ),
  def(
    'business-travel-hotel',
    3,
    'business-travel',
    true,
    ['Hotelübernachtungen', 'Hotel nights'],
    ['Zimmer und Nächte je Land.', 'Rooms and nights per country.'],
    { activityCategory: 'business-travel' },
  ),
  def(
    'employee-commuting',
    3,
    'scope3',
    true,
    ['3.7 Pendeln der Mitarbeitenden', '3.7 Employee commuting'],
    [
      'Wege zwischen Wohnung und Arbeitsstätte: Strecke je Tag, Mitarbeitende und Arbeitstage im Jahr; Homeoffice optional.',
      'Travel between home and worksite: distance per day, employees and working days per year; teleworking optional.',
    ],
    { activityCategory: 'employee-commuting' },
  ),
  def(
    'upstream-leased-assets',
    3,
    'scope3',
    false,
    ['3.8 Gemietete Sachanlagen', '3.8 Upstream leased assets'],
    [
      'Betrieb gemieteter Anlagen, soweit nicht in Scope 1 und 2.',
      'Operation of assets leased by the company (lessee) and not included in scope 1 and scope 2.',
    ],
    { activityCategory: 'upstream-leased-assets' },
  ),
  def(
    'downstream-transport',
    3,
    'scope3',
    false,
    ['3.9 Nachgelagerter Transport und Verteilung', '3.9 Downstream transportation and distribution'],
    [
      'Transport verkaufter Produkte zum Endkunden, den das Unternehmen nicht bezahlt.',
      'Transportation and distribution of sold products between own operations and the end consumer, not paid for by the company.',
    ],
    { activityCategory: 'downstream-transport' },
  ),
  def(
    'processing-sold-products',
    3,
    'scope3',
    false,
    ['3.10 Verarbeitung verkaufter Produkte', '3.10 Processing of sold products'],
    [
      'Weiterverarbeitung verkaufter Zwischenprodukte durch Dritte.',
      'Processing of intermediate products sold, by third parties.',
    ],
    { activityCategory: 'processing-sold-products' },
  ),
  def(
    'use-sold-products',
    3,
    'scope3',
    false,
    ['3.11 Nutzung verkaufter Produkte', '3.11 Use of sold products'],
    ['Nutzung der verkauften Waren und Dienstleistungen.', 'End use of goods and services sold.'],
    { activityCategory: 'use-sold-products' },
  ),
  def(
    'end-of-life',
    3,
    'scope3',
    false,
    ['3.12 Entsorgung verkaufter Produkte', '3.12 End-of-life treatment of sold products'],
    [
      'Entsorgung und Behandlung verkaufter Produkte am Ende ihrer Lebensdauer.',
      'Waste disposal and treatment of products sold at the end of their life.',
    ],
    { activityCategory: 'end-of-life' },
  ),
  def(
    'downstream-leased-assets',
    3,
    'scope3',
    false,
    ['3.13 Vermietete Sachanlagen', '3.13 Downstream leased assets'],
    [
      'Betrieb vermieteter eigener Anlagen, soweit nicht in Scope 1 und 2.',
      'Operation of assets owned by the company (lessor) and leased to other entities, not included in scope 1 and scope 2.',
    ],
    { activityCategory: 'downstream-leased-assets' },
  ),
  def(
    'franchises',
    3,
    'scope3',
    false,
    ['3.14 Franchise', '3.14 Franchises'],
    [
      'Betrieb von Franchisen, soweit nicht in Scope 1 und 2.',
      'Operation of franchises not included in scope 1 and scope 2.',
    ],
    { activityCategory: 'franchises' },
  ),
  def(
    'investments',
    3,
    'scope3',
    false,
    ['3.15 Investitionen', '3.15 Investments'],
    [
      'Betrieb von Beteiligungen, Krediten und Projektfinanzierungen, soweit nicht in Scope 1 und 2.',
      'Operation of investments (including equity and debt investments and project finance) not included in scope 1 or scope 2.',
    ],
    { activityCategory: 'investments' },
  ),
];

export const CFC_SECTION_IDS = CFC_SECTIONS.map((s) => s.id) as [string, ...string[]];
const byId = new Map(CFC_SECTIONS.map((s) => [s.id, s]));

export function cfcSection(id: string): CfcSectionDef | undefined {
  return byId.get(id);
}

/** The direct subsections of a section, by weight. */
export function cfcSubsections(id: string): CfcSectionDef[] {
  return CFC_SECTIONS.filter((s) => s.parent === id);
}

/** Sections that hold entries: those without subsections, in tree order. */
export const CFC_LEAF_SECTIONS: readonly CfcSectionDef[] = CFC_SECTIONS.filter(
  (s) => s.parent !== null && cfcSubsections(s.id).length === 0,
);

export function isCfcLeafSection(id: string): boolean {
  return CFC_LEAF_SECTIONS.some((s) => s.id === id);
}

/** The scope 3 category number of a section (3.6 business travel → 6), null outside scope 3. */
export function scope3Category(id: string): number | null {
  let s = byId.get(id);
  while (s && s.parent !== 'scope3') s = s.parent ? byId.get(s.parent) : undefined;
  return s ? CFC_SECTIONS.filter((x) => x.parent === 'scope3').indexOf(s) + 1 : null;
}

/**
 * Seed 001 §4 navigation: entering a parent goes to its first subsection; the next of the last
 * leaf is null (past the end the current section is empty). Only the given (selected and
 * allowed) leaves are walked.
 */
export function nextCfcSection(id: string, leaves: readonly string[]): string | null {
  const order = CFC_LEAF_SECTIONS.map((s) => s.id).filter((x) => leaves.includes(x));
  const here = firstLeafOf(id, order);
  if (here !== id) return here;
  const i = order.indexOf(id);
  return i >= 0 && i + 1 < order.length ? order[i + 1] : null;
}

/** Moving back from a section after a subsection goes to the last subsection (seed 001 §4). */
export function previousCfcSection(id: string, leaves: readonly string[]): string | null {
  const order = CFC_LEAF_SECTIONS.map((s) => s.id).filter((x) => leaves.includes(x));
  const i = order.indexOf(firstLeafOf(id, order) ?? id);
  return i > 0 ? order[i - 1] : null;
}

/** The first leaf at or under a section among `order`, or null. */
export function firstLeafOf(id: string, order: readonly string[]): string | null {
  for (const leaf of order) {
    let s = byId.get(leaf);
    while (s) {
      if (s.id === id) return leaf;
      s = s.parent ? byId.get(s.parent) : undefined;
    }
  }
  return null;
}
