/**
 * Tours of the exchange tests, as JSON push rows (mapping field ids): a carrier with two shippers on
 * one tour, and a shipment whose pre-carriage hands over at a hub to a main carriage with measured
 * diesel. GLEC class: articulated truck up to 40 t, 73 g TTW + 22 g WTT per tkm (GLEC v3.0).
 */
export const ARTIC = 'road_eu_artic_40t_avg_diesel';

const place = (from: string, to: string) => ({
  departureCity: from,
  departureCountry: 'DE',
  arrivalCity: to,
  arrivalCountry: 'DE',
});

export const SHARED_TOUR = [
  {
    tourReference: 'T-100',
    shipmentReference: 'S-1',
    shipper: 'Bio AG',
    weight: 8000,
    ...place('Hamburg', 'Berlin'),
  },
  {
    tourReference: 'T-100',
    shipmentReference: 'S-2',
    shipper: 'Nord GmbH',
    weight: 4000,
    ...place('Hamburg', 'Berlin'),
  },
].map((r) => ({
  ...r,
  departureDate: '2026-03-02',
  arrivalDate: '2026-03-03',
  glecTransportType: ARTIC,
  distance: 290,
}));

export const CHAIN = [
  {
    tourReference: 'T-200',
    shipmentReference: 'S-3',
    shipper: 'Bio AG',
    weight: 2000,
    carriage: 'Vorlauf',
    departureDate: '2026-03-04',
    arrivalDate: '2026-03-04',
    glecTransportType: ARTIC,
    distance: 40,
    ...place('Bremen', 'Hamburg'),
  },
  {
    tourReference: 'T-300',
    shipmentReference: 'S-3',
    shipper: 'Bio AG',
    weight: 2000,
    carriage: 'Hauptlauf',
    departureDate: '2026-03-05',
    arrivalDate: '2026-03-06',
    glecTransportType: ARTIC,
    distance: 600,
    fuelUsed: 180,
    ...place('Hamburg', 'München'),
  },
];

/** The rows of the carrier under test; another company gets one shipment of its own. */
export const CARRIER_ROWS = [...SHARED_TOUR, ...CHAIN];
export const OTHER_ROWS = [{ ...SHARED_TOUR[0]!, tourReference: 'B-1', shipmentReference: 'SB-1' }];
