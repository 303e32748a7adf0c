import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookCfcAndCsrd, jsonCalls, signedIn } from '../../../test/calls.ts';
import { WORKED_EXAMPLE, createWorkedExampleReport } from '../../../test/cfc.ts';
import { pdfText } from '../../../test/pdf.ts';
import { IX, asCatalogueFacts, readIxbrl } from '../../../test/ixbrl.ts';
import { frameOf } from './vsme.service.ts';
import { validateReport } from './vsme.validate.ts';
import * as repo from './vsme.repository.ts';
import { asCompanyId } from '../../platform/tenant.ts';

const { t, a, b } = appWithCompanies({ a: 'VsmeA', b: 'VsmeB' });
const tk = signedIn(t, () => ({
  adminA: a.users.admin,
  userA: a.users.user,
  readA: a.users.readonly,
  adminB: b.users.admin,
}));
const YEAR = new Date().getUTCFullYear();
const { call, json, refused } = jsonCalls(t, 'en');
/** A fictitious LEI with valid ISO 7064 check digits. */
const LEI = '529900DEMOLOGISTIK65';

const S1 = 'vsme:GrossScope1GreenhouseGasEmissions';
const S2L = 'vsme:GrossLocationBasedScope2GreenhouseGasEmissions';
const S2M = 'vsme:GrossMarketBasedScope2GreenhouseGasEmissions';
const S3 = 'vsme:GrossScope3GreenhouseGasEmissions';

// Hand-computed (test/cfc.ts, csrd.cfc.integration.test.ts), kg CO2e, the paid CFC tariff: scope 1
// diesel 25,708.2; scope 2 85,500 location- / 12,500 market-based; scope 3 flights 9,869.6448 +
// their upstream 1,765.0152 + waste 26,026.635 + diesel upstream (3.3) 6,110.1 = 43,771.395.
const KG = {
  [S1]: WORKED_EXAMPLE.dieselKg,
  [S2L]: WORKED_EXAMPLE.electricityLocationKg,
  [S2M]: WORKED_EXAMPLE.electricityMarketKg,
  [S3]: 43_771.395,
};
/** Tonnes to the kilogram, the precision the document states (decimals 3) and the CFC results show. */
const tonnes3 = (kg: number) => Math.round(kg) / 1000;

let report: Json;
let cfcReportId: string;

const url = (id: string, rest = '') => `/api/vsme/vsme-reports/${id}${rest}`;
/** The value of a datapoint in a report's answer (undefined at run time where there is none). */
const valueOf = (r: Json, concept: string, member = '') =>
  (r.values as Json[]).find((v) => v.concept === concept && v.member === member) as Json;

beforeAll(async () => {
  await bookCfcAndCsrd(t, [a.id, b.id], YEAR - 1);
  cfcReportId = (await createWorkedExampleReport(t, tk.adminA, { year: YEAR })).report.id;
  report = await json(call('POST', '/api/vsme/vsme-reports', tk.userA, { year: YEAR, identifier: LEI }), 201);
});

describe('VSME reports', () => {
  it('creates one report per year with the calendar year as period', async () => {
    expect(report).toMatchObject({
      year: YEAR,
      comprehensive: false,
      periodStart: `${YEAR}-01-01`,
      periodEnd: `${YEAR}-12-31`,
      identifierScheme: 'lei',
      identifier: LEI,
      currency: 'EUR',
    });
    expect(await refused(call('POST', '/api/vsme/vsme-reports', tk.userA, { year: YEAR }))).toEqual([
      409,
      'ReportForYearExists',
    ]);
    const list = await json(call('GET', '/api/vsme/vsme-reports', tk.readA));
    expect(list['hydra:totalItems']).toBe(1);
    expect(list['hydra:member'][0]).not.toHaveProperty('values');
  });

  it('prefills B3 from the footprint: the same figures as the CFC results and the CSRD E1-6', async () => {
    const r = await json(call('GET', url(report.id), tk.readA));
    for (const [concept, kg] of Object.entries(KG)) {
      const v = valueOf(r, concept);
      expect(v.origin).toBe('prefilled');
      expect(v.value).toBeCloseTo(kg / 1000, 9);
      expect(v.prefill.source).toMatchObject({ kind: 'footprint', year: YEAR });
      expect(v.prefill.source.reports).toEqual([
        { id: cfcReportId, businessUnit: 'Zentrale Hamburg', urlId: expect.any(String) },
      ]);
    }
    // The CFC results screen's API: its totals in kg.
    const results = await json(call('GET', `/api/cfc/report-results/${cfcReportId}`, tk.adminA));
    expect(valueOf(r, S1).value * 1000).toBeCloseTo(results.totals.scope1, 6);
    expect(valueOf(r, S3).value * 1000).toBeCloseTo(results.totals.scope3, 6);
    // Totals: scope 1 + 2 and all scopes, both methods.
    expect(valueOf(r, 'vsme:TotalGrossLocationBasedScope1AndScope2GHGEmissions').value).toBeCloseTo(
      (25_708.2 + 85_500) / 1000,
      9,
    );
    expect(valueOf(r, 'vsme:TotalGrossMarketBasedGHGEmissions').value).toBeCloseTo(
      (25_708.2 + 12_500 + 43_771.395) / 1000,
      9,
    );
    // No intensity before the turnover is entered.
    expect(valueOf(r, 'vsme:TotalLocationBasedGreenhouseGasEmissionsIntensityValue')).toBeUndefined();
    expect(r.completeness.find((c: Json) => c.code === 'B3')).toMatchObject({ included: true, filled: 11 });
  });
});

describe('B3 energy from the footprint', () => {
  it('prefills B3 energy, the diesel in litres on its DESNZ 2025 net calorific value', async () => {
    const r = await json(call('GET', url(report.id), tk.readA));
    // Electricity 250,000 kWh = 250 MWh. Diesel 10,000 l × (2.57082 kg CO2e/l, ID 1_101_1011_8_1
    // ÷ 0.25953 kg CO2e/kWh Net CV, ID 1_101_1011_7_1 = 9.9056756… kWh/l) = 99,056.756 kWh = 99.056756 MWh.
    const dieselMwh = (10_000 * 2.57082) / 0.25953 / 1000;
    expect(dieselMwh).toBeCloseTo(99.056756, 6);
    expect(valueOf(r, 'vsme:EnergyConsumptionFromElectricity')).toMatchObject({
      value: 250,
      origin: 'prefilled',
    });
    const fuels = valueOf(r, 'vsme:EnergyConsumptionFromFuels');
    expect(fuels.value).toBeCloseTo(dieselMwh, 9);
    expect(fuels.prefill.source).toMatchObject({ kind: 'footprintEnergy', figure: 'fuels', year: YEAR });
    expect(valueOf(r, 'vsme:TotalEnergyConsumption').value).toBeCloseTo(250 + dieselMwh, 9);
    // The footprint note names the converted entry with both DESNZ rows.
    expect(r.footprint.energy).toEqual([
      expect.objectContaining({
        section: 'mobile-combustion',
        kind: 'fuels',
        amount: 10_000,
        unit: 'l',
        label: 'Diesel',
        fromFreight: false,
        problem: null,
        report: { id: cfcReportId, businessUnit: 'Zentrale Hamburg', urlId: expect.any(String) },
        conversion: expect.objectContaining({
          fuel: 'Diesel (average biofuel blend)',
          edition: '2025',
          perUnit: { factor: 2.57082, row: '1_101_1011_8_1' },
          perKwhNet: { factor: 0.25953, row: '1_101_1011_7_1' },
        }),
      }),
    ]);
    expect(r.footprint.energy[0].kwh).toBeCloseTo(dieselMwh * 1000, 6);
    expect(r.footprint.freight).toEqual({ entries: 0, sections: [] });
  });
});

describe('VSME values', () => {
  it('computes the intensity per turnover once the turnover is entered', async () => {
    const r = await json(
      call('PATCH', url(report.id, '/values'), tk.userA, {
        values: [{ concept: 'vsme:Turnover', value: 2_000_000 }],
      }),
    );
    // (25,708.2 + 85,500) kg = 111.2082 t over EUR 2,000,000 = 0.0000556041 t/EUR.
    const i = valueOf(r, 'vsme:Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased');
    expect(i.value).toBeCloseTo(111.2082 / 2_000_000, 15);
    expect(i.prefill.source.kind).toBe('footprintPerTurnover');
  });

  it('overrides a footprint figure only with a reason, and follows the footprint again when cleared', async () => {
    expect(
      await refused(
        call('PATCH', url(report.id, '/values'), tk.userA, { values: [{ concept: S1, value: 30 }] }),
      ),
    ).toEqual([422, 'vsmeOverrideReasonRequired']);
    let r = await json(
      call('PATCH', url(report.id, '/values'), tk.userA, {
        values: [
          { concept: S1, value: 30, overrideReason: 'Fuhrpark der Niederlassung fehlt in der Bilanz' },
        ],
      }),
    );
    expect(valueOf(r, S1)).toMatchObject({
      value: 30,
      origin: 'overridden',
      overrideReason: expect.any(String),
    });
    expect(valueOf(r, S1).prefill.value).toBeCloseTo(25.7082, 9);
    // The footprint's own figure is no override.
    r = await json(
      call('PATCH', url(report.id, '/values'), tk.userA, { values: [{ concept: S1, value: 25.7082 }] }),
    );
    expect(valueOf(r, S1).origin).toBe('prefilled');
    r = await json(
      call('PATCH', url(report.id, '/values'), tk.userA, {
        values: [{ concept: S1, value: 30, overrideReason: 'x' }],
      }),
    );
    r = await json(
      call('PATCH', url(report.id, '/values'), tk.userA, { values: [{ concept: S1, value: null }] }),
    );
    expect(valueOf(r, S1)).toMatchObject({ origin: 'prefilled', overrideReason: null });
  });
});

describe('VSME values as entered', () => {
  it('refuses values that do not fit the datapoint', async () => {
    const bad = async (value: Json) =>
      refused(call('PATCH', url(report.id, '/values'), tk.userA, { values: [value] }));
    expect(await bad({ concept: 'vsme:NoSuchConcept', value: 1 })).toEqual([422, 'vsmeValueInvalid']);
    expect(await bad({ concept: 'vsme:UndertakingsLegalForm', value: 'vsme:ClimateChangeMember' })).toEqual([
      422,
      'vsmeValueInvalid',
    ]);
    expect(await bad({ concept: 'vsme:NumberOfEmployees', value: 'viele' })).toEqual([
      422,
      'vsmeValueInvalid',
    ]);
    expect(
      await bad({ concept: 'vsme:AddressOfSite', member: 'vsme:RenewableEnergyMember', value: 'x' }),
    ).toEqual([422, 'vsmeValueInvalid']);
  });

  it('stores texts, members, table rows and years as entered', async () => {
    const r = await json(
      call('PATCH', url(report.id, '/values'), tk.userA, {
        values: [
          { concept: 'vsme:UndertakingsLegalForm', value: 'vsme:PrivateLimitedLiabilityUndertakingMember' },
          { concept: 'vsme:NaceSectorClassificationCodes', value: ['nace:NACE_H4941'] },
          { concept: 'vsme:PostalCodeOfSite', member: 'typed:HH-1', value: '20095' },
          {
            concept: 'vsme:EnergyConsumptionFromElectricity',
            member: 'vsme:RenewableEnergyMember',
            value: 200,
          },
          {
            concept: 'vsme:NumberOfEmployeesForCountryOfEmploymentContract',
            member: 'country:DE',
            value: 42,
          },
          {
            concept: 'vsme:DescriptionOfSustainabilityRelatedCertificationsOrLabels',
            value: 'ISO 14001\n\nLean & Green',
          },
          { concept: 'vsme:PubliclyAvailableDisclosure', value: false },
          { concept: 'vsme:EmployeeTurnoverRate', value: 0.125 },
        ],
      }),
    );
    // A postal code stays a text (stored wrapped, never read back as a number).
    expect(valueOf(r, 'vsme:PostalCodeOfSite', 'typed:HH-1').value).toBe('20095');
    expect(valueOf(r, 'vsme:NaceSectorClassificationCodes').value).toEqual(['nace:NACE_H4941']);
    expect(r.completeness.find((c: Json) => c.code === 'B8').filled).toBe(2);
  });
});

describe('validation and Inline XBRL', () => {
  it('finds every fact fit for the taxonomy and names report-level problems', async () => {
    const v = await json(call('GET', url(report.id, '/validation'), tk.readA));
    expect(v.reportProblems).toEqual([]);
    expect(v.checks.filter((c: Json) => c.status === 'error')).toEqual([]);
    expect(v.valid).toBe(true);
    const row = (await repo.findReport(t.ctx.db, asCompanyId(a.id), report.id)) as repo.ReportRow;
    expect(validateReport([], { ...frameOf(row), identifier: 'ABC' }).reportProblems).toEqual([
      'identifierInvalid',
      'noFacts',
    ]);
  });
});

describe('Inline XBRL export', () => {
  it('exports XHTML whose scope 1, scope 2 (both) and scope 3 facts equal the footprint', async () => {
    const res = await call('GET', url(report.id, '/ixbrl'), tk.readA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xhtml\+xml/);
    const read = readIxbrl(res.body);
    expect(read.doc.documentElement?.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
    expect(read.schemaRefs).toEqual(['https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme-all.xsd']);
    expect(read.doc.getElementsByTagNameNS(IX, 'header')).toHaveLength(1);
    for (const [concept, kg] of Object.entries(KG)) {
      const f = read.facts.find(
        (x) => x.concept === concept && read.contexts.get(x.contextRef)?.member === '',
      );
      expect(f, concept).toBeDefined();
      expect(f!.value).toBeCloseTo(tonnes3(kg), 9);
      expect(f!.decimals).toBe('3');
      expect(read.units.get(f!.unitRef!)).toBe('utr:tCO2e');
      const ctx = read.contexts.get(f!.contextRef)!;
      expect(ctx).toMatchObject({
        scheme: 'http://standards.iso.org/iso/17442',
        identifier: LEI,
        period: { kind: 'duration', start: `${YEAR}-01-01`, end: `${YEAR}-12-31` },
      });
    }
    // Every fact read back passes the catalogue's checks (concept, period type, data type, unit, member).
    const facts = asCatalogueFacts(read);
    const row = (await repo.findReport(t.ctx.db, asCompanyId(a.id), report.id)) as repo.ReportRow;
    const check = validateReport(facts, frameOf(row));
    expect(check.checks.filter((c) => c.status !== 'ok')).toEqual([]);
    expect(check.valid).toBe(true);
    // Instants, dimensions, percentages and enumerations as the taxonomy defines them.
    const byConcept = (c: string) => facts.find((f) => f.concept === c)!;
    expect(byConcept('vsme:UndertakingsLegalForm')).toMatchObject({
      value: 'vsme:PrivateLimitedLiabilityUndertakingMember',
      period: { kind: 'instant', date: `${YEAR}-12-31` },
    });
    expect(byConcept('vsme:PostalCodeOfSite')).toMatchObject({ member: 'typed:HH-1', value: '20095' });
    expect(facts.find((f) => f.member === 'vsme:RenewableEnergyMember')).toMatchObject({
      value: 200,
      unit: 'MWh',
    });
    expect(byConcept('vsme:EmployeeTurnoverRate')).toMatchObject({ value: 0.125, unit: 'pure' });
    expect(byConcept('vsme:PubliclyAvailableDisclosure').value).toBe(false);
    expect(byConcept('vsme:Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased')).toMatchObject({
      unit: 'tCO2e-per-EUR',
    });
  });
});

describe('Inline XBRL in German, as a package, and refused', () => {
  it('writes German figures with comma decimals', async () => {
    const res = await call('GET', url(report.id, '/ixbrl?lang=de'), tk.readA);
    const read = readIxbrl(res.body);
    const f = read.facts.find((x) => x.concept === S2L)!;
    expect(read.doc.getElementsByTagNameNS(IX, 'nonFraction')[0]?.getAttribute('format')).toBe(
      'ixt:num-comma-decimal',
    );
    expect(f.value).toBeCloseTo(85.5, 9);
    expect(res.body).toContain('Scope 1-Brutto-Treibhausgasemissionen');
  });

  it('packs the document as an XBRL report package', async () => {
    const res = await call('GET', url(report.id, '/report-package'), tk.readA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/zip/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    const top = names[0].split('/')[0];
    expect(names.every((n) => n.startsWith(`${top}/`))).toBe(true);
    const meta = JSON.parse(await zip.file(`${top}/META-INF/reportPackage.json`)!.async('string'));
    expect(meta).toEqual({ documentInfo: { documentType: 'https://xbrl.org/report-package/2023' } });
    const reports = names.filter((n) => n.startsWith(`${top}/reports/`));
    expect(reports).toHaveLength(1);
    const read = readIxbrl(await zip.file(reports[0])!.async('string'));
    expect(read.facts.find((x) => x.concept === S2M)!.value).toBeCloseTo(tonnes3(KG[S2M]), 9);
  });

  it('refuses the export while the validation finds errors', async () => {
    await json(call('PATCH', url(report.id), tk.userA, { identifier: null }));
    const v = await json(call('GET', url(report.id, '/validation'), tk.readA));
    expect(v).toMatchObject({ valid: false, reportProblems: ['identifierMissing'] });
    expect(await refused(call('GET', url(report.id, '/ixbrl'), tk.readA))).toEqual([
      422,
      'vsmeValidationFailed',
    ]);
    await json(call('PATCH', url(report.id), tk.userA, { identifier: LEI }));
  });

  it('warns about a comprehensive datapoint in an option A report and leaves it out', async () => {
    await json(
      call('PATCH', url(report.id, '/values'), tk.userA, {
        values: [{ concept: 'vsme:GenderDiversityRatioInGovernanceBody', value: 0.5 }],
      }),
    );
    const v = await json(call('GET', url(report.id, '/validation'), tk.readA));
    expect(
      v.checks.find((c: Json) => c.concept === 'vsme:GenderDiversityRatioInGovernanceBody'),
    ).toMatchObject({
      status: 'warning',
      disclosure: 'C9',
      problems: [{ code: 'comprehensiveOnly', expected: 'C9' }],
    });
    const res = await call('GET', url(report.id, '/ixbrl'), tk.readA);
    expect(res.body).not.toContain('GenderDiversityRatioInGovernanceBody');
  });
});

describe('PDF and xlsx', () => {
  it('writes the PDF in German and English', async () => {
    for (const [lang, title] of [
      ['de', 'Nachhaltigkeitsbericht nach VSME'],
      ['en', 'VSME sustainability report'],
    ] as const) {
      const file = await json(call('GET', url(report.id, `/export?format=pdf&lang=${lang}`), tk.readA));
      expect(file.mimeType).toBe('application/pdf');
      const text = pdfText(Buffer.from(file.data, 'base64'));
      expect(text).toContain(title);
      expect(text).toContain(lang === 'de' ? '25,708 t CO₂e' : '25.708 t CO₂e');
    }
  });

  it('writes the xlsx with the footprint figures in tonnes', async () => {
    const file = await json(call('GET', url(report.id, '/export?format=xlsx&lang=de'), tk.readA));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('VSME')!;
    const rows = ws.getSheetValues().filter(Boolean) as unknown[][];
    const scope1 = rows.find((r) => r.includes(S1))!;
    expect(scope1).toContain(25.708);
    expect(scope1).toContain('aus der CO2-Bilanz');
    expect(wb.getWorksheet('Vollständigkeit')).toBeDefined();
  });
});

describe('access', () => {
  it('keeps another company out of the report', async () => {
    for (const path of ['', '/validation', '/ixbrl', '/report-package', '/export?format=pdf'])
      expect((await call('GET', url(report.id, path), tk.adminB)).statusCode, path).toBe(404);
    expect(
      (await call('PATCH', url(report.id, '/values'), tk.adminB, { values: [{ concept: S1, value: null }] }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', url(report.id), tk.adminB)).statusCode).toBe(404);
    const list = await json(call('GET', '/api/vsme/vsme-reports', tk.adminB));
    expect(list['hydra:totalItems']).toBe(0);
  });

  it('lets read-only users read and not write', async () => {
    expect((await call('GET', url(report.id), tk.readA)).statusCode).toBe(200);
    expect(
      (await call('PATCH', url(report.id, '/values'), tk.readA, { values: [{ concept: S1, value: null }] }))
        .statusCode,
    ).toBe(403);
  });

  it('serves the catalogue in the request language', async () => {
    const de = await json(call('GET', '/api/vsme/vsme-catalogue', tk.readA, undefined, 'de'));
    const b3 = de.disclosures.find((d: Json) => d.code === 'B3');
    expect(b3.label).toBe('Energie und Treibhausgasemissionen');
    const dp = b3.groups.flatMap((g: Json) => g.datapoints).find((p: Json) => p.concept === S1);
    expect(dp).toMatchObject({ kind: 'ghg', unit: 'tCO2e', periodType: 'duration', prefillable: true });
    expect(de.domains.CountryOfPrimaryOperationsAndLocationOfSignificantAssets).toContainEqual({
      qname: 'country:DE',
      label: 'Deutschland',
    });
  });

  it('deletes a report with its values', async () => {
    const other = await json(call('POST', '/api/vsme/vsme-reports', tk.userA, { year: YEAR - 1 }), 201);
    // The new report takes the identifier of the latest one.
    expect(other.identifier).toBe(LEI);
    await json(call('DELETE', url(other.id), tk.userA));
    expect((await call('GET', url(other.id), tk.userA)).statusCode).toBe(404);
  });
});
