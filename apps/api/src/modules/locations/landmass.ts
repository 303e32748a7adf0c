/**
 * Which countries are joined by land for road and rail (../shared/reference/geo.md §7). A leg
 * between different landmasses has no road or rail route (DE → US). Great Britain joins the
 * mainland through the Channel Tunnel (rail and road shuttle); North and South America are split
 * at the Darién Gap; South Korea has no open land border. A country not listed is its own island,
 * so legs inside it are allowed. Islands inside a country (Sardinia, Hawaii) are not modelled.
 */
const LANDMASSES: Record<string, string> = {};

function assign(name: string, codes: string): void {
  for (const c of codes.split(/\s+/).filter(Boolean)) LANDMASSES[c] = name;
}

assign(
  'afro-eurasia',
  `AL AD AT BY BE BA BG HR CZ DK EE FI FR DE GR HU IT XK LV LI LT LU MK MD MC ME NL NO PL PT RO RU SM
   RS SK SI ES SE CH UA VA GB GI
   AF AM AZ BD BT KH CN GE IN IR IQ IL JO KZ KW KG LA LB MY MN MM NP KP OM PK PS QA SA SG SY TJ TH TR
   TM AE UZ VN YE HK MO
   DZ AO BJ BW BF BI CM CF TD CD CG CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MW ML MR MA MZ NA
   NE NG RW SN SL SO ZA SS SD TZ TG TN UG EH ZM ZW`,
);
assign('north-america', 'US CA MX GT BZ SV HN NI CR PA');
assign('south-america', 'CO VE GY SR GF EC PE BR BO PY CL AR UY');

export function landmassOf(country: string): string {
  return LANDMASSES[country] ?? `island:${country}`;
}

export function joinedByLand(a: string, b: string): boolean {
  return landmassOf(a) === landmassOf(b);
}
