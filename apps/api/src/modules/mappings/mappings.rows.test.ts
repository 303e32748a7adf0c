import { describe, expect, it } from 'vitest';
import { type Cell, readRows } from '../../platform/spreadsheet.ts';
import { mappingColumns, parseRow, suggestField } from './mappings.rows.ts';

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
