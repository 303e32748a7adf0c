import { describe, expect, it } from 'vitest';
import { inferQuantityUnit } from '@klimadesk/contract';
import { type Cell, readRows } from '../../platform/spreadsheet.ts';
import { mappingColumns, mappingUnits, parseRow, suggestField } from './mappings.rows.ts';

const details = [
  { value: 'Tour', mappingField: 'tourReference' },
  { value: 'Gewicht', mappingField: 'weight' },
  { value: 'Einheit', mappingField: 'weightUnit' },
  { value: 'Typ', mappingField: 'glecTransportType' },
  { value: 'Lauf', mappingField: 'carriage' },
  { value: 'Sendung', mappingField: 'shipmentReference' },
  { value: 'Tags', mappingField: 'shipmentTags' },
  { value: 'Datum', mappingField: 'departureDate' },
  { value: 'Kühl', mappingField: 'temperatureControl' },
];
const ctx = {
  category: 'shipment' as const,
  titles: new Map(details.map((d) => [d.mappingField, d.value])),
  units: mappingUnits(details),
  isKnownType: (id: string) => id === 'road_x',
};
const TITLES = [' tour ', 'Gewicht', 'Einheit', 'Typ', 'Lauf', 'Sendung', 'Tags', 'DATUM', 'Kühl'];

/** The rows of a file read through the mapping, each mapped as the import does. */
async function mapped(rows: Cell[][], titles: Cell[] = TITLES) {
  const sheet = await readRows([titles, ...rows], mappingColumns(details), {
    decimalSeparator: ',',
    dateFormat: 'DD.MM.YYYY',
  });
  const out = [];
  for await (const r of sheet.rows) out.push(parseRow(r.values, r.row, r.issues, ctx));
  return { issues: sheet.issues, rows: out };
}

describe('mapping a row', () => {
  it('matches titles ignoring case and spaces and reports a missing one', async () => {
    expect((await mapped([])).issues).toEqual([]);
    const missing = await mapped([['T1']], TITLES.slice(0, 8));
    expect(missing.issues).toEqual([
      { row: 1, column: 'Kühl', key: 'temperatureControl', code: 'missingColumn' },
    ]);
    expect(missing.rows).toEqual([]);
  });

  it('converts tonnes, carriage words, tag lists, dates and the temperature flag', async () => {
    const [{ value, issues }] = (
      await mapped([['T1', '1,5', 't', 'road_x', 'Nachlauf', 'S1', 'Bio, Kühl;Bio', '02.03.2026', 'ja']])
    ).rows;
    expect(issues).toEqual([]);
    expect(value?.weightKg).toBe(1500);
    expect(value?.departureDate).toBe('2026-03-02T00:00:00.000Z');
    expect(value?.temperatureControl).toBe(true);
    expect(value?.shipment?.carriage).toBe('on_carriage');
    expect(value?.shipment?.tags).toEqual(['Bio', 'Kühl']);
  });

  it('reports cells of the wrong type with the codes and titles of the mapping', async () => {
    const { rows } = await mapped([
      ['T1', 'zwölf', 'kg', 'road_x', '', 'S1', '', '31.02.2026', 'vielleicht'],
    ]);
    expect(rows[0].value).toBeNull();
    expect(rows[0].issues.map((i) => [i.row, i.code, i.column, i.message])).toEqual([
      [2, 'invalidNumber', 'Gewicht', 'A number cannot be read. (zwölf)'],
      [
        2,
        'invalidDate',
        'Datum',
        'The date cannot be read with the date format of the mapping. (31.02.2026)',
      ],
    ]);
  });

  it('reports a missing weight and tour reference but not an unreadable temperature flag', async () => {
    const { rows } = await mapped([['', '', '', 'road_x', '', 'S1', '', '', 'vielleicht']]);
    expect(rows[0].issues.map((i) => i.code)).toEqual(['tourReferenceMissing', 'weightMissing']);
  });

  it('suggests fields from German and English titles', () => {
    expect(suggestField('Kennzeichen', new Set())).toBe('licensePlate');
    expect(suggestField('Kennzeichen', new Set(['licensePlate']))).toBeNull();
    expect(suggestField('Shipment weight', new Set())).toBe('shipmentWeight');
  });
});

describe('units of quantity columns', () => {
  const unitDetails = [
    { value: 'Tour', mappingField: 'tourReference' },
    { value: 'Gewicht', mappingField: 'weight', unit: 't' as const },
    { value: 'Strecke', mappingField: 'distance', unit: 'm' as const },
    { value: 'Leerfahrt (km)', mappingField: 'emptyDistance' },
    { value: 'Typ', mappingField: 'glecTransportType' },
    { value: 'Datum', mappingField: 'departureDate' },
  ];
  const unitCtx = {
    category: 'tour' as const,
    titles: new Map(unitDetails.map((d) => [d.mappingField, d.value])),
    units: mappingUnits(unitDetails),
    isKnownType: (id: string) => id === 'road_x',
  };

  it('reads "Gewicht 18,5" in tonnes as 18,500 kg and metres as kilometres', async () => {
    const sheet = await readRows(
      [unitDetails.map((d) => d.value), ['T1', '18,5', '250.000', '12,5', 'road_x', '02.03.2026']],
      mappingColumns(unitDetails),
      { decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' },
    );
    const out = [];
    for await (const r of sheet.rows) out.push(parseRow(r.values, r.row, r.issues, unitCtx));
    // 18.5 t × 1,000 = 18,500 kg; 250,000 m ÷ 1,000 = 250 km; the title names km for the empty run.
    expect(out[0].value?.weightKg).toBe(18500);
    expect(out[0].value?.distance).toBe(250);
    expect(out[0].value?.emptyDistance).toBe(12.5);
  });

  it('takes the unit a title names and leaves the rest to the wizard', () => {
    expect(inferQuantityUnit('weight', 'Gewicht (t)')).toBe('t');
    expect(inferQuantityUnit('weight', 'Weight in kg')).toBe('kg');
    expect(inferQuantityUnit('distance', 'Distanz [km]')).toBe('km');
    expect(inferQuantityUnit('distance', 'Strecke m')).toBe('m');
    expect(inferQuantityUnit('weight', 'Gewicht')).toBeNull();
    expect(inferQuantityUnit('tourReference', 'Tour (t)')).toBeNull();
  });
});
