import { type Language, type MappingCategory, REQUIRED_FIELDS } from '@klimadesk/contract';
import { XLSX_MIME, sheetOf, sheetsBase64 } from '../../platform/spreadsheet.ts';

type Text = Record<Language, string>;
/** A column of the template: its title (with the unit, so the wizard needs not ask), meaning, format, example. */
type GuideRow = { field: string; title: Text; meaning: Text; format: Text; example: string | number | Date };

const both = (de: string, en: string): Text => ({ de, en });

/** The columns of the templates in file order; shipment-only fields come after the tour's. */
const GUIDE: readonly GuideRow[] = [
  {
    field: 'tourReference',
    title: both('Tour', 'Tour'),
    meaning: both(
      'Eindeutige Nummer der Tour; Zeilen derselben Tour teilen sie.',
      'Unique number of the tour; rows of one tour share it.',
    ),
    format: both('Text', 'Text'),
    example: 'T-1001',
  },
  {
    field: 'shipmentReference',
    title: both('Sendung', 'Shipment'),
    meaning: both('Eindeutige Nummer der Sendung.', 'Unique number of the shipment.'),
    format: both('Text', 'Text'),
    example: 'S-5001',
  },
  {
    field: 'departureDate',
    title: both('Abfahrtsdatum', 'Departure date'),
    meaning: both('Tag der Abfahrt.', 'Day of departure.'),
    format: both('Datumszelle oder TT.MM.JJJJ', 'Date cell or DD.MM.YYYY'),
    example: new Date(Date.UTC(2026, 2, 2)),
  },
  {
    field: 'departureCity',
    title: both('Abfahrt Ort', 'Departure city'),
    meaning: both(
      'Ort der Abfahrt (für die Distanz, wenn keine angegeben ist).',
      'City of departure (for the distance when none is given).',
    ),
    format: both('Text', 'Text'),
    example: 'Hamburg',
  },
  {
    field: 'departureCountry',
    title: both('Abfahrt Land', 'Departure country'),
    meaning: both('Land der Abfahrt.', 'Country of departure.'),
    format: both('ISO-Code, z. B. DE', 'ISO code, e.g. DE'),
    example: 'DE',
  },
  {
    field: 'arrivalCity',
    title: both('Ankunft Ort', 'Arrival city'),
    meaning: both('Ort der Ankunft.', 'City of arrival.'),
    format: both('Text', 'Text'),
    example: 'Berlin',
  },
  {
    field: 'arrivalCountry',
    title: both('Ankunft Land', 'Arrival country'),
    meaning: both('Land der Ankunft.', 'Country of arrival.'),
    format: both('ISO-Code, z. B. DE', 'ISO code, e.g. DE'),
    example: 'DE',
  },
  {
    field: 'licensePlate',
    title: both('Kennzeichen', 'Licence plate'),
    meaning: both(
      'Fahrzeug aus dem Fuhrpark; leer lassen, wenn ein GLEC-Transporttyp angegeben ist.',
      'Vehicle of the fleet; leave empty when a GLEC transport type is given.',
    ),
    format: both('Text', 'Text'),
    example: '',
  },
  {
    field: 'glecTransportType',
    title: both('GLEC-Transporttyp', 'GLEC transport type'),
    meaning: both(
      'Fahrzeugklasse nach GLEC (Kennung aus Unternehmensdaten › Emissionsfaktoren).',
      'Vehicle class after GLEC (id from company data › emission factors).',
    ),
    format: both('Kennung', 'Id'),
    example: 'road_eu_artic_40t_avg_diesel',
  },
  {
    field: 'weight',
    title: both('Gewicht (kg)', 'Weight (kg)'),
    meaning: both('Gewicht der Ladung bzw. Sendung.', 'Weight of the load or shipment.'),
    format: both('Zahl in Kilogramm', 'Number in kilograms'),
    example: 18500,
  },
  {
    field: 'distance',
    title: both('Distanz (km)', 'Distance (km)'),
    meaning: both(
      'Gefahrene Kilometer mit Ladung; leer: aus Abfahrt und Ankunft ermittelt.',
      'Kilometres driven laden; empty: computed from departure and arrival.',
    ),
    format: both('Zahl in Kilometern', 'Number in kilometres'),
    example: 289,
  },
  {
    field: 'emptyDistance',
    title: both('Leerkilometer (km)', 'Empty distance (km)'),
    meaning: both(
      'Leer gefahrene Kilometer der Tour (optional).',
      'Kilometres the tour ran empty (optional).',
    ),
    format: both('Zahl in Kilometern', 'Number in kilometres'),
    example: 25,
  },
  {
    field: 'fuelUsed',
    title: both('Kraftstoff', 'Fuel used'),
    meaning: both(
      'Getankter Verbrauch der Tour (optional, für den individuellen Wert).',
      'Fuel the tour used (optional, for the fuel-based figure).',
    ),
    format: both('Zahl', 'Number'),
    example: 85,
  },
  {
    field: 'fuelType',
    title: both('Kraftstoffart', 'Fuel type'),
    meaning: both('Art des Kraftstoffs.', 'Kind of fuel.'),
    format: both('z. B. diesel', 'e.g. diesel'),
    example: 'diesel',
  },
  {
    field: 'fuelUnit',
    title: both('Kraftstoffeinheit', 'Fuel unit'),
    meaning: both('Einheit des Verbrauchs.', 'Unit of the fuel used.'),
    format: both('L, kg oder kWh', 'L, kg or kWh'),
    example: 'L',
  },
  {
    field: 'shipper',
    title: both('Versender', 'Shipper'),
    meaning: both('Kunde, dem die Sendung zugeordnet wird.', 'Customer the shipment belongs to.'),
    format: both('Text', 'Text'),
    example: 'Nordfrost GmbH',
  },
  {
    field: 'originCity',
    title: both('Abholung Ort', 'Origin city'),
    meaning: both('Ort, an dem die Sendung abgeholt wird.', 'City where the shipment is picked up.'),
    format: both('Text', 'Text'),
    example: 'Hamburg',
  },
  {
    field: 'destinationCity',
    title: both('Zustellung Ort', 'Destination city'),
    meaning: both('Ort, an den die Sendung geliefert wird.', 'City where the shipment is delivered.'),
    format: both('Text', 'Text'),
    example: 'Berlin',
  },
  {
    field: 'carriage',
    title: both('Lauf', 'Carriage'),
    meaning: both('Vorlauf, Hauptlauf oder Nachlauf.', 'Pre-carriage, main carriage or on-carriage.'),
    format: both('Vorlauf, Hauptlauf, Nachlauf', 'pre, main, on'),
    example: 'Hauptlauf',
  },
];
const SHIPMENT_ONLY = new Set(['shipmentReference', 'shipper', 'originCity', 'destinationCity', 'carriage']);

/** The template's columns for a category: every tour column, the shipment columns only for shipments. */
export const templateRows = (category: MappingCategory) =>
  GUIDE.filter((g) => category === 'shipment' || !SHIPMENT_ONLY.has(g.field));

const SHEETS = {
  data: { tour: both('Touren', 'Tours'), shipment: both('Sendungen', 'Shipments') },
  guide: both('Feldhilfe', 'Field guide'),
};
const HEADERS = {
  column: both('Spalte', 'Column'),
  meaning: both('Bedeutung', 'Meaning'),
  required: both('Pflicht', 'Required'),
  format: both('Format', 'Format'),
  example: both('Beispiel', 'Example'),
};

/**
 * An import file to fill in: the data sheet with titles the mapping wizard recognises (units in
 * the titles) and one example row, and a field guide sheet, in the user's language.
 */
export async function importTemplate(category: MappingCategory, lang: Language) {
  const rows = templateRows(category);
  const required = REQUIRED_FIELDS[category];
  const isRequired = (f: string) => required.all.includes(f) || required.oneOf.some((g) => g.includes(f));
  const yes = lang === 'de' ? ['ja', 'nein', 'eines davon'] : ['yes', 'no', 'one of them'];
  const data = await sheetsBase64(
    [
      sheetOf({
        name: SHEETS.data[category],
        columns: rows.map((g) => ({
          key: g.field,
          header: g.title,
          type:
            g.example instanceof Date
              ? ('date' as const)
              : typeof g.example === 'number'
                ? ('number' as const)
                : ('text' as const),
          width: Math.max(14, g.title[lang].length + 4),
          value: (r: Record<string, unknown>) => r[g.field],
        })),
        rows: [Object.fromEntries(rows.map((g) => [g.field, g.example]))],
      }),
      sheetOf({
        name: SHEETS.guide,
        columns: [
          { key: 'column', header: HEADERS.column, width: 24, value: (g: GuideRow) => g.title[lang] },
          { key: 'meaning', header: HEADERS.meaning, width: 70, value: (g: GuideRow) => g.meaning[lang] },
          {
            key: 'required',
            header: HEADERS.required,
            width: 14,
            value: (g: GuideRow) =>
              required.oneOf.some((o) => o.includes(g.field))
                ? yes[2]
                : isRequired(g.field)
                  ? yes[0]
                  : yes[1],
          },
          { key: 'format', header: HEADERS.format, width: 30, value: (g: GuideRow) => g.format[lang] },
          {
            key: 'example',
            header: HEADERS.example,
            width: 30,
            value: (g: GuideRow) => (g.example instanceof Date ? g.example : String(g.example)),
            type: 'text',
          },
        ],
        rows,
      }),
    ],
    { lang },
  );
  const base = {
    tour: both('touren-vorlage', 'tours-template'),
    shipment: both('sendungen-vorlage', 'shipments-template'),
  };
  return { fileName: `${base[category][lang]}.xlsx`, mimeType: XLSX_MIME, data };
}
