import { describe, expect, it } from 'vitest';
import { VSME_DISCLOSURE_CODES } from '@klimadesk/contract';
import {
  type LayoutJson,
  type TaxonomyJson,
  type UtrEntry,
  buildVsmeCatalogue,
  groupTitle,
  referenceOf,
} from './vsme.catalogue.build.ts';
import { catalogueAnswer, placementOf, placementsOf, vsmeCatalogue } from './vsme.catalogue.ts';

const label = (en: string, de?: string) => ({
  en: { 'http://www.xbrl.org/2003/role/label': en },
  ...(de ? { de: { 'http://www.xbrl.org/2003/role/label': de } } : {}),
});
const ref = (number: string, para: string) => [
  {
    role: 'http://www.xbrl.org/2003/role/reference',
    parts: [
      ['ref:Name', 'VSME'],
      ['ref:Number', number],
      ['ref:Paragraph', para],
      ['ref:URI', `https://example.test/${para}`],
    ] as [string, string][],
  },
];

/** A taxonomy of two disclosures (B1, B3) in the snapshot's shape: enough to see each rule of the build. */
function tinyConcepts(): TaxonomyJson['concepts'] {
  return {
    'vsme:B1-BasisMember': {
      abstract: true,
      labels: label('B1 - Basis for preparation [member]', 'B1 - Grundlagen [member]'),
    },
    'vsme:B3-EnergyMember': { abstract: true, labels: label('B3 - Energy and GHG [member]') },
    'vsme:BasisAbstract': { abstract: true, labels: label('Basis') },
    'vsme:PubliclyAvailable': {
      dataType: 'xbrli:booleanItemType',
      periodType: 'instant',
      labels: label('Publicly available', 'Öffentlich verfügbar'),
      references: ref('B1', '24'),
    },
    'vsme:Link': { dataType: 'xbrli:stringItemType', periodType: 'instant', labels: label('Link') },
    'vsme:LegalForm': {
      dataType: 'enum2:enumerationItemType',
      periodType: 'instant',
      labels: label('Legal form'),
      other: { ee20DomainMembers: ['vsme:CooperativeMember', 'vsme:OtherLegalFormMember'] },
    },
    'vsme:OtherLegalForm': {
      dataType: 'xbrli:stringItemType',
      periodType: 'instant',
      labels: label('Other legal form'),
    },
    'vsme:CooperativeMember': {
      abstract: true,
      labels: label('Cooperative [member]', 'Genossenschaft [member]'),
    },
    'vsme:OtherLegalFormMember': { abstract: true, labels: label('Other [member]') },
    'vsme:Turnover': {
      dataType: 'xbrli:monetaryItemType',
      numeric: true,
      periodType: 'duration',
      labels: label('Turnover', 'Umsatzerlöse'),
    },
    'vsme:EnergyAbstract': { abstract: true, labels: label('Energy') },
    'vsme:EnergyTable': { abstract: true, hypercube: true, labels: label('Energy [table]') },
    'vsme:EnergyAxis': {
      abstract: true,
      dimension: true,
      labels: label('Breakdown [axis]', 'Aufschlüsselung [axis]'),
    },
    'vsme:TotalMember': { abstract: true, labels: label('Total [member]') },
    'vsme:RenewableMember': { abstract: true, labels: label('Renewable [member]') },
    'vsme:EnergyLineItems': { abstract: true, labels: label('Line items') },
    'vsme:Electricity': {
      dataType: 'dtr-types:energyItemType',
      numeric: true,
      periodType: 'duration',
      labels: label('Electricity'),
    },
    'vsme:Scope1': {
      dataType: 'dtr-types:ghgEmissionsItemType',
      numeric: true,
      periodType: 'duration',
      labels: label('Gross Scope 1', 'Scope 1 brutto'),
    },
    'vsme:Intensity': {
      dataType: 'dtr-types:ghgEmissionsPerMonetaryItemType',
      numeric: true,
      periodType: 'duration',
      labels: label('Intensity'),
    },
  };
}

function tinyTaxonomy(): TaxonomyJson {
  return {
    concepts: tinyConcepts(),
    entryPoint: 'https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme-all.xsd',
    namespaces: {
      vsme: 'https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme',
      utr: 'http://www.xbrl.org/2009/utr',
      iso4217: 'http://www.xbrl.org/2003/iso4217',
      xbrli: 'http://www.xbrl.org/2003/instance',
      label: 'http://xbrl.org/2008/label',
    },
    presentation: {
      'https://x/role/role-101': {
        definition: '[1010] B1 - General information - Basis for Preparation',
        labels: { de: '[1010] B1 - Allgemeine Informationen - Grundlagen für die Erstellung' },
        rows: [
          [0, 'vsme:BasisAbstract'],
          [1, 'vsme:PubliclyAvailable'],
          [2, 'vsme:Link'],
          [1, 'vsme:LegalForm'],
          [2, 'vsme:OtherLegalForm'],
          [1, 'vsme:Turnover'],
        ],
      },
      'https://x/role/role-109': {
        definition: '[1090] B3 - Environment - Breakdown of energy consumption',
        rows: [
          [0, 'vsme:EnergyAbstract'],
          [1, 'vsme:EnergyTable'],
          [2, 'vsme:EnergyAxis'],
          [1, 'vsme:EnergyLineItems'],
          [2, 'vsme:Electricity'],
        ],
      },
      'https://x/role/role-110': {
        definition: '[1100] B3 - Environment - Estimated Greenhouse Gas Emissions',
        rows: [
          [0, 'vsme:EnergyAbstract'],
          [1, 'vsme:Scope1'],
          [1, 'vsme:Intensity'],
        ],
      },
    },
    dimensions: {
      _defaults: { 'vsme:EnergyAxis': 'vsme:TotalMember' },
      'https://x/role/role-109': {
        'vsme:EnergyTable': {
          explicitDimensions: { 'vsme:EnergyAxis': ['vsme:TotalMember', 'vsme:RenewableMember'] },
          primaryItems: [[2, 'vsme:Electricity']],
        },
      },
    },
  };
}

const LAYOUT: LayoutJson = {
  dataTypesToUnits: {
    'dtr-types:energyItemType': 'utr:MWh',
    'dtr-types:ghgEmissionsItemType': 'utr:tCO2e',
    'xbrli:decimalItemType': 'xbrli:pure',
  },
  unitIdsToMeasures: { Emissions_per_Monetary: { numerator: ['tCO2e'], denominator: ['EUR'] } },
};
const UTR: UtrEntry[] = [
  {
    unitId: 'MWh',
    itemType: 'energyItemType',
    nsUnit: 'http://www.xbrl.org/2009/utr',
    unitName: 'Megawatt-Hour',
  },
  {
    unitId: 'tCO2e',
    itemType: 'ghgEmissionsItemType',
    nsUnit: 'http://www.xbrl.org/2009/utr',
    unitName: 'tCO2e',
  },
  { unitId: 'pure', itemType: 'pureItemType', nsUnit: 'http://www.xbrl.org/2003/instance', unitName: 'pure' },
  {
    unitId: 'EUR',
    itemType: 'monetaryItemType',
    nsUnit: 'http://www.xbrl.org/2003/iso4217',
    unitName: 'Euro',
    symbol: '€',
  },
  {
    unitId: 'Emissions_per_Monetary',
    itemType: 'ghgEmissionsPerMonetaryItemType',
    unitName: 'Emissions/Monetary',
  },
];

/** The tiny taxonomy with an empty role for every other disclosure, built. */
function builtTiny() {
  const tax = tinyTaxonomy();
  for (const code of VSME_DISCLOSURE_CODES.filter((c) => c !== 'B1' && c !== 'B3')) {
    tax.concepts[`vsme:${code}-XMember`] = {
      abstract: true,
      labels: label(`${code} - Title ${code} [member]`),
    };
    tax.presentation[`https://x/role/${code}`] = {
      definition: `[9${code.slice(1)}] ${code} - Other - Empty`,
      rows: [],
    };
  }
  const c = buildVsmeCatalogue(tax, LAYOUT, UTR);
  const b1 = c.disclosures.find((d) => d.code === 'B1')!;
  const b3 = c.disclosures.find((d) => d.code === 'B3')!;
  return { c, b1, b3 };
}

describe('buildVsmeCatalogue', () => {
  const { c, b1, b3 } = builtTiny();
  // Only B1 and B3 exist in the tiny taxonomy: the build names the first missing disclosure.
  it('refuses a taxonomy without every disclosure B1-B11 and C1-C9', () => {
    expect(() => buildVsmeCatalogue(tinyTaxonomy(), LAYOUT, UTR)).toThrow(
      'disclosure B2 is not in the taxonomy',
    );
  });

  it('names disclosures after the omitted-disclosure members and groups after their role', () => {
    expect(c.edition).toBe('2026-05-01');
    expect(c.disclosures.map((d) => d.code)).toEqual([...VSME_DISCLOSURE_CODES]);
    expect(b1).toMatchObject({ module: 'basic', labels: { en: 'Basis for preparation', de: 'Grundlagen' } });
    expect(c.disclosures.find((d) => d.code === 'C9')!.module).toBe('comprehensive');
    expect(b1.groups[0].labels).toEqual({ en: 'Basis for Preparation', de: 'Grundlagen für die Erstellung' });
    expect(b3.groups.map((g) => g.id)).toEqual(['role-109', 'role-110']);
  });

  it('derives kind, unit, period type, labels and reference of each datapoint', () => {
    const [available, link, form, other, turnover] = b1.groups[0].datapoints;
    expect(available).toMatchObject({
      concept: 'vsme:PubliclyAvailable',
      kind: 'boolean',
      periodType: 'instant',
      unit: null,
      labels: { en: 'Publicly available', de: 'Öffentlich verfügbar' },
      reference: { text: 'B1 §24', uri: 'https://example.test/24' },
    });
    expect(turnover).toMatchObject({ kind: 'monetary', unit: 'EUR', periodType: 'duration' });
    expect(form).toMatchObject({ kind: 'enum', domain: 'LegalForm' });
    expect(c.domains.LegalForm).toEqual([
      { qname: 'vsme:CooperativeMember', labels: { en: 'Cooperative', de: 'Genossenschaft' } },
      { qname: 'vsme:OtherLegalFormMember', labels: { en: 'Other', de: null } },
    ]);
    // "If applicable": a child of a yes/no applies when it is yes, of a list when "other" is chosen.
    expect(link.applicableWhen).toEqual({ parent: 'vsme:PubliclyAvailable', is: 'true' });
    expect(other.applicableWhen).toEqual({
      parent: 'vsme:LegalForm',
      is: 'member',
      members: ['vsme:OtherLegalFormMember'],
    });
    expect(link.depth).toBe(1);
    const [scope1, intensity] = b3.groups[1].datapoints;
    expect(scope1).toMatchObject({ kind: 'ghg', unit: 'tCO2e' });
    expect(intensity).toMatchObject({ kind: 'intensity', unit: 'tCO2e-per-EUR' });
  });
});

describe('buildVsmeCatalogue: tables, units and texts', () => {
  const { c, b3 } = builtTiny();
  it('keeps a dimension table with its default member and the UTR units the product needs', () => {
    expect(b3.groups[0].table).toMatchObject({
      axis: 'vsme:EnergyAxis',
      kind: 'fixed',
      labels: { en: 'Breakdown', de: 'Aufschlüsselung' },
      members: [
        { qname: 'vsme:TotalMember', isDefault: true },
        { qname: 'vsme:RenewableMember', isDefault: false },
      ],
    });
    expect(c.units.map((u) => u.id).sort()).toEqual(['EUR', 'MWh', 'pure', 'tCO2e', 'tCO2e-per-EUR']);
    expect(c.units.find((u) => u.id === 'tCO2e-per-EUR')).toMatchObject({
      numerator: 'utr:tCO2e',
      denominator: 'iso4217:EUR',
      itemType: 'ghgEmissionsPerMonetaryItemType',
    });
    // Only the prefixes the catalogue's names use.
    expect(Object.keys(c.namespaces).sort()).toEqual(['iso4217', 'utr', 'vsme', 'xbrli']);
  });

  it('reads titles and references as the taxonomy writes them', () => {
    expect(
      groupTitle('[1300] B8 - Social - Workforce - General characteristics: country of employment'),
    ).toBe('Workforce - General characteristics: country of employment');
    expect(groupTitle('[1370] B11 - Governance - Convictions and fines')).toBe('Convictions and fines');
    expect(
      referenceOf({
        references: [
          {
            role: 'r',
            parts: [
              ['ref:Number', 'B1'],
              ['ref:Paragraph', '24'],
              ['ref:Subparagraph', 'e'],
              ['ref:Clause', 'i'],
            ],
          },
        ],
      }),
    ).toEqual({ text: 'B1 §24(e)(i)', uri: null });
  });
});

describe('the shipped catalogue (data/vsme-catalogue.json.gz)', () => {
  const c = vsmeCatalogue();

  it('holds B1-B11 and C1-C9 of the 2026-05-01 entry point with German labels', () => {
    expect(c.entryPoint).toBe('https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme-all.xsd');
    expect(c.disclosures.map((d) => d.code)).toEqual([...VSME_DISCLOSURE_CODES]);
    const datapoints = c.disclosures.flatMap((d) => d.groups.flatMap((g) => g.datapoints));
    expect(datapoints.length).toBe(147);
    expect(datapoints.every((p) => p.labels.de)).toBe(true);
  });

  it('places the GHG concepts in B3 without a dimension and in C3 by baseline and target year', () => {
    const concept = 'vsme:GrossScope1GreenhouseGasEmissions';
    expect(placementsOf(concept).map((p) => p.disclosure.code)).toEqual(['B3', 'C3']);
    expect(placementOf(concept, '')?.disclosure.code).toBe('B3');
    expect(placementOf(concept, 'vsme:BaselineYearMember')?.disclosure.code).toBe('C3');
    expect(placementOf(concept, 'vsme:RenewableEnergyMember')).toBeNull();
    expect(placementOf(concept, '')?.datapoint).toMatchObject({
      kind: 'ghg',
      unit: 'tCO2e',
      periodType: 'duration',
      dataType: 'dtr-types:ghgEmissionsItemType',
    });
    expect(placementOf('vsme:AddressOfSite', 'typed:HH-1')?.group.table?.typedElement).toBe('vsme:TYP');
    expect(placementOf('vsme:NumberOfEmployeesForCountryOfEmploymentContract', 'country:DE')).not.toBeNull();
  });

  it('answers in German with German country names where the taxonomy has English ones only', () => {
    const de = catalogueAnswer('de', new Set(['vsme:GrossScope1GreenhouseGasEmissions']));
    const b3 = de.disclosures.find((d) => d.code === 'B3')!;
    expect(b3.label).toBe('Energie und Treibhausgasemissionen');
    const scope1 = b3.groups
      .flatMap((g) => g.datapoints)
      .find((p) => p.concept === 'vsme:GrossScope1GreenhouseGasEmissions');
    expect(scope1).toMatchObject({ label: 'Scope 1-Brutto-Treibhausgasemissionen', prefillable: true });
    expect(de.domains.CountryOfPrimaryOperationsAndLocationOfSignificantAssets).toContainEqual({
      qname: 'country:AT',
      label: 'Österreich',
    });
  });
});
