import { describe, expect, it } from 'vitest';
import { dateOf, numberOf, parseRow, resolveColumns, suggestField } from './mappings.rows.ts';
import { splitCsvLine } from '../../platform/csv.ts';

describe('cell parsing with the mapping format', () => {
  it('reads numbers with the decimal separator of the mapping', () => {
    expect(numberOf('1.234,5', ',')).toBe(1234.5);
    expect(numberOf('1,234.5', '.')).toBe(1234.5);
    expect(numberOf(12, ',')).toBe(12);
    expect(numberOf('', ',')).toBeNull();
    expect(Number.isNaN(numberOf('zwölf', ','))).toBe(true);
  });

  it('reads dates in the mapping date format and refuses impossible days', () => {
    expect(dateOf('02.03.2026', 'DD.MM.YYYY')).toBe('2026-03-02T00:00:00.000Z');
    expect(dateOf('03/02/2026 14:30', 'MM/DD/YYYY')).toBe('2026-03-02T14:30:00.000Z');
    expect(dateOf('2026-03-02', 'YYYY-MM-DD')).toBe('2026-03-02T00:00:00.000Z');
    expect(Number.isNaN(dateOf('31.02.2026', 'DD.MM.YYYY'))).toBe(true);
    expect(dateOf(new Date('2026-01-05T00:00:00Z'), 'DD.MM.YYYY')).toBe('2026-01-05T00:00:00.000Z');
  });

  it('splits csv lines with quotes and the chosen delimiter', () => {
    expect(splitCsvLine('a;"b;c";"d ""e"""', ';')).toEqual(['a', 'b;c', 'd "e"']);
    expect(splitCsvLine('a,b', ',')).toEqual(['a', 'b']);
  });
});

describe('mapping a row', () => {
  const details = [
    { value: 'Tour', mappingField: 'tourReference' },
    { value: 'Gewicht', mappingField: 'weight' },
    { value: 'Einheit', mappingField: 'weightUnit' },
    { value: 'Typ', mappingField: 'glecTransportType' },
    { value: 'Lauf', mappingField: 'carriage' },
    { value: 'Sendung', mappingField: 'shipmentReference' },
    { value: 'Tags', mappingField: 'shipmentTags' },
  ];
  const { columns, issues } = resolveColumns(
    [' tour ', 'Gewicht', 'Einheit', 'Typ', 'Lauf', 'Sendung', 'Tags'],
    details,
  );
  const ctx = {
    category: 'shipment' as const,
    columns,
    options: { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' },
    isKnownType: (id: string) => id === 'road_x',
  };

  it('matches titles ignoring case and spaces', () => {
    expect(issues).toEqual([]);
    expect(columns.get('tourReference')?.index).toBe(0);
  });

  it('converts tonnes, carriage words and tag lists', () => {
    const { value } = parseRow(['T1', '1,5', 't', 'road_x', 'Nachlauf', 'S1', 'Bio, Kühl;Bio'], 2, ctx);
    expect(value?.weightKg).toBe(1500);
    expect(value?.shipment?.carriage).toBe('on_carriage');
    expect(value?.shipment?.tags).toEqual(['Bio', 'Kühl']);
  });

  it('suggests fields from German and English titles', () => {
    expect(suggestField('Kennzeichen', new Set())).toBe('licensePlate');
    expect(suggestField('Kennzeichen', new Set(['licensePlate']))).toBeNull();
    expect(suggestField('Shipment weight', new Set())).toBe('shipmentWeight');
  });
});
