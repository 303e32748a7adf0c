import type { TaxAmountKind, TaxObjective, TaxRuleSet } from '@klimadesk/contract';

/**
 * The wording of the Article 8 templates in German and English, shared by the PDF report and the
 * xlsx export: Annex II of 2021/2178 as replaced by 2023/2486 Annex V, and Annex XII (added by
 * 2022/1214 Annex III), following the acts' German and English language versions.
 */
export type Lang = 'de' | 'en';

type KindTexts = Record<TaxAmountKind, string>;

const DE = {
  kind: { turnover: 'Umsatz', capex: 'CapEx', opex: 'OpEx' } as KindTexts,
  title: {
    turnover:
      'Anteil des Umsatzes aus Waren oder Dienstleistungen, die mit taxonomiekonformen Wirtschaftstätigkeiten verbunden sind – Offenlegung für das Jahr N',
    capex:
      'Anteil der CapEx aus Waren oder Dienstleistungen, die mit taxonomiekonformen Wirtschaftstätigkeiten verbunden sind – Offenlegung für das Jahr N',
    opex: 'Anteil der OpEx aus Waren oder Dienstleistungen, die mit taxonomiekonformen Wirtschaftstätigkeiten verbunden sind – Offenlegung für das Jahr N',
  } as KindTexts,
  objective: {
    CCM: 'Klimaschutz',
    CCA: 'Anpassung an den Klimawandel',
    WTR: 'Wasser',
    PPC: 'Umweltverschmutzung',
    CE: 'Kreislaufwirtschaft',
    BIO: 'Biologische Vielfalt',
  } as Record<TaxObjective, string>,
  activity: 'Wirtschaftstätigkeiten',
  code: 'Code',
  amount: (k: string) => `${k} (EUR)`,
  share: (k: string) => (k === 'Umsatz' ? 'Umsatzanteil, Jahr N' : `${k}-Anteil, Jahr N`),
  sc: 'Kriterien für einen wesentlichen Beitrag',
  dnsh: 'DNSH-Kriterien („Keine erhebliche Beeinträchtigung“)',
  ms: 'Mindestschutz',
  previous: (k: string) =>
    `Anteil taxonomiekonformer (A.1.) oder taxonomiefähiger (A.2.) ${k === 'Umsatz' ? 'Umsätze' : k}, Jahr N-1`,
  enabling: 'Kategorie ermöglichende Tätigkeit',
  transitional: 'Kategorie Übergangstätigkeit',
  a: 'A. TAXONOMIEFÄHIGE TÄTIGKEITEN',
  a1: 'A.1. Ökologisch nachhaltige Tätigkeiten (taxonomiekonform)',
  a1Sum: (k: string) => `${k} ökologisch nachhaltiger Tätigkeiten (taxonomiekonform) (A.1)`,
  ofEnabling: 'Davon ermöglichende Tätigkeiten',
  ofTransitional: 'Davon Übergangstätigkeiten',
  a2: 'A.2. Taxonomiefähige, aber nicht ökologisch nachhaltige Tätigkeiten (nicht taxonomiekonforme Tätigkeiten)',
  a2Sum: (k: string) =>
    `${k} taxonomiefähiger, aber nicht ökologisch nachhaltiger Tätigkeiten (nicht taxonomiekonforme Tätigkeiten) (A.2)`,
  aSum: (k: string) => `A. ${k} taxonomiefähiger Tätigkeiten (A.1 + A.2)`,
  b: 'B. NICHT TAXONOMIEFÄHIGE TÄTIGKEITEN',
  bSum: (k: string) => `${k} nicht taxonomiefähiger Tätigkeiten`,
  total: 'GESAMT',
  none: 'Keine',
  perObjective: (k: string) => (k === 'Umsatz' ? 'Umsatzanteil/Gesamtumsatz' : `${k}-Anteil/Gesamt-${k}`),
  alignedPer: 'Taxonomiekonform je Umweltziel',
  eligiblePer: 'Taxonomiefähig je Umweltziel',
  unsplit: 'Taxonomiefähig, keinem Umweltziel zugeordnet (Aufteilung unvollständig)',
  cell: { Y: 'J', N: 'N', 'N/EL': 'N/EL', EL: 'EL' },
  unfinishedMark: 'Bewertung nicht abgeschlossen',
  splitMark: 'Aufteilung auf Umweltziele unvollständig',
  unfinishedNote: (names: string) =>
    `Bewertung nicht abgeschlossen: ${names}. Diese Tätigkeiten zählen mit dem bisherigen Stand ihrer Bewertung, wie im Dashboard.`,
  legend:
    'J: Kriterien für das Umweltziel erfüllt; N: taxonomiefähig, Kriterien nicht erfüllt; N/EL: für das Umweltziel nicht taxonomiefähig; EL: für das Umweltziel taxonomiefähig; E: ermöglichende Tätigkeit; T: Übergangstätigkeit. Eine Tätigkeit mit Beitrag zu mehreren Umweltzielen zählt einmal, auf die Ziele aufgeteilt. N-1: dieselbe Tätigkeit im vorigen Geschäftsjahr des Unternehmens.',
  noPrevious: 'Kein Vorjahr erfasst',
  nuclearGas: 'Tätigkeiten in den Bereichen Kernenergie und fossiles Gas (Anhang XII)',
  template: (n: number) => `Meldebogen ${n}`,
  templateTitle: {
    1: 'Tätigkeiten in den Bereichen Kernenergie und fossiles Gas',
    2: 'Taxonomiekonforme Wirtschaftstätigkeiten (Nenner)',
    3: 'Taxonomiekonforme Wirtschaftstätigkeiten (Zähler)',
    4: 'Taxonomiefähige, aber nicht taxonomiekonforme Wirtschaftstätigkeiten',
    5: 'Nicht taxonomiefähige Wirtschaftstätigkeiten',
  } as Record<1 | 2 | 3 | 4 | 5, string>,
  question: [
    'Das Unternehmen ist im Bereich Erforschung, Entwicklung, Demonstration und Einsatz innovativer Stromerzeugungsanlagen, die bei minimalem Abfall aus dem Brennstoffkreislauf Energie aus Nuklearprozessen erzeugen, tätig, finanziert solche Tätigkeiten oder hält Risikopositionen im Zusammenhang mit diesen Tätigkeiten.',
    'Das Unternehmen ist im Bau und sicheren Betrieb neuer kerntechnischer Anlagen zur Erzeugung von Strom oder Prozesswärme – auch für die Zwecke der Fernwärmeversorgung oder industrieller Prozesse wie die Wasserstofferzeugung – sowie bei deren sicherheitstechnischer Verbesserung mithilfe der besten verfügbaren Technologien tätig, finanziert solche Tätigkeiten oder hält Risikopositionen im Zusammenhang mit diesen Tätigkeiten.',
    'Das Unternehmen ist im sicheren Betrieb bestehender kerntechnischer Anlagen zur Erzeugung von Strom oder Prozesswärme – auch für die Zwecke der Fernwärmeversorgung oder industrieller Prozesse wie die Wasserstofferzeugung aus Kernenergie – sowie bei deren sicherheitstechnischer Verbesserung tätig, finanziert solche Tätigkeiten oder hält Risikopositionen im Zusammenhang mit diesen Tätigkeiten.',
    'Das Unternehmen ist im Bau oder Betrieb von Anlagen zur Stromerzeugung aus fossilen gasförmigen Brennstoffen tätig, finanziert solche Tätigkeiten oder hält Risikopositionen im Zusammenhang mit diesen Tätigkeiten.',
    'Das Unternehmen ist im Bau, in der Modernisierung und im Betrieb von Anlagen für die Kraft-Wärme/Kälte-Kopplung mit fossilen gasförmigen Brennstoffen tätig, finanziert solche Tätigkeiten oder hält Risikopositionen im Zusammenhang mit diesen Tätigkeiten.',
    'Das Unternehmen ist im Bau, in der Modernisierung und im Betrieb von Anlagen für die Wärmeerzeugung, die Wärme/Kälte aus fossilen gasförmigen Brennstoffen erzeugen, tätig, finanziert solche Tätigkeiten oder hält Risikopositionen im Zusammenhang mit diesen Tätigkeiten.',
  ],
  yes: 'JA',
  no: 'NEIN',
  ngRow: (t: 2 | 3 | 4 | 5, section: string) =>
    t === 5
      ? `Betrag und Anteil der in Zeile ${section} des Meldebogens 1 genannten, nach Abschnitt ${NG_SECTION[section]} der Anhänge I und II der Delegierten Verordnung (EU) 2021/2139 nicht taxonomiefähigen Wirtschaftstätigkeit im Nenner der anwendbaren KPI`
      : `Betrag und Anteil der in Abschnitt ${section} der Anhänge I und II der Delegierten Verordnung (EU) 2021/2139 genannten ${t === 4 ? 'taxonomiefähigen, aber nicht taxonomiekonformen' : 'taxonomiekonformen'} Wirtschaftstätigkeit im ${t === 3 ? 'Zähler' : 'Nenner'} der anwendbaren KPI`,
  ngOther: (t: 2 | 3 | 4 | 5) =>
    `Betrag und Anteil anderer, nicht in den Zeilen 1 bis 6 genannter ${t === 5 ? 'nicht taxonomiefähiger' : t === 4 ? 'taxonomiefähiger, aber nicht taxonomiekonformer' : 'taxonomiekonformer'} Wirtschaftstätigkeiten im ${t === 3 ? 'Zähler' : 'Nenner'} der anwendbaren KPI`,
  ngTotal: (t: 2 | 3 | 4 | 5) =>
    t === 2
      ? 'Anwendbare KPI insgesamt'
      : `Gesamtbetrag und -anteil ${t === 5 ? 'nicht taxonomiefähiger' : t === 4 ? 'taxonomiefähiger, aber nicht taxonomiekonformer' : 'taxonomiekonformer'} Wirtschaftstätigkeiten im ${t === 3 ? 'Zähler' : 'Nenner'} der anwendbaren KPI`,
  ngHead: ['Zeile', 'Wirtschaftstätigkeiten', 'Betrag CCM + CCA', '%', 'Betrag CCM', '%', 'Betrag CCA', '%'],
  ruleSet: 'Regelwerk',
  ruleSetName: {
    '2021/2178':
      'Delegierte Verordnung (EU) 2021/2178, Meldebögen nach Anhang II in der Fassung der Delegierten Verordnung (EU) 2023/2486',
    '2026/73':
      'Delegierte Verordnung (EU) 2021/2178 in der Fassung der Delegierten Verordnung (EU) 2026/73 (vereinfachte Meldebögen)',
  } as Record<TaxRuleSet, string>,
  summary: 'Übersicht der Kennzahlen',
  summaryHead: ['', 'Umsatz', 'CapEx', 'OpEx'],
  summaryRow: {
    aligned: 'Taxonomiekonform (A.1)',
    enabling: 'davon ermöglichende Tätigkeiten',
    transitional: 'davon Übergangstätigkeiten',
    eligibleOnly: 'Taxonomiefähig, nicht taxonomiekonform (A.2)',
    nonEligible: 'Nicht taxonomiefähig (B)',
    notMaterial: 'Nicht wesentlich, nicht bewertet',
    nuclearAligned: 'Kernenergie (4.26–4.28): taxonomiekonform',
    nuclearEligible: 'Kernenergie (4.26–4.28): taxonomiefähig, nicht konform',
    gasAligned: 'Fossiles Gas (4.29–4.31): taxonomiekonform',
    gasEligible: 'Fossiles Gas (4.29–4.31): taxonomiefähig, nicht konform',
  },
  notMaterialRow: (k: string) => `${k} nicht wesentlicher Tätigkeiten (nicht bewertet)`,
  notMaterialNote: 'Nicht wesentliche Tätigkeiten – Sektoren und Begründung',
  notReported: 'nicht berichtet',
  opexNotMaterial: (total: string, reason: string) =>
    `OpEx nicht wesentlich für das Geschäftsmodell: Gesamt-OpEx ${total} EUR, ohne Bewertung der Taxonomiefähigkeit und -konformität. Begründung: ${reason}`,
  objectiveShares: 'Anteil je Umweltziel',
};

const EN: typeof DE = {
  kind: { turnover: 'Turnover', capex: 'CapEx', opex: 'OpEx' },
  title: {
    turnover:
      'Proportion of turnover from products or services associated with Taxonomy-aligned economic activities – disclosure covering year N',
    capex:
      'Proportion of CapEx from products or services associated with Taxonomy-aligned economic activities – disclosure covering year N',
    opex: 'Proportion of OpEx from products or services associated with Taxonomy-aligned economic activities – disclosure covering year N',
  },
  objective: {
    CCM: 'Climate Change Mitigation',
    CCA: 'Climate Change Adaptation',
    WTR: 'Water',
    PPC: 'Pollution',
    CE: 'Circular Economy',
    BIO: 'Biodiversity',
  },
  activity: 'Economic Activities',
  code: 'Code',
  amount: (k) => `${k} (EUR)`,
  share: (k) => `Proportion of ${k}, year N`,
  sc: 'Substantial contribution criteria',
  dnsh: 'DNSH criteria (‘Does Not Significantly Harm’)',
  ms: 'Minimum Safeguards',
  previous: (k) => `Proportion of Taxonomy-aligned (A.1.) or -eligible (A.2.) ${k}, year N-1`,
  enabling: 'Category enabling activity',
  transitional: 'Category transitional activity',
  a: 'A. TAXONOMY-ELIGIBLE ACTIVITIES',
  a1: 'A.1. Environmentally sustainable activities (Taxonomy-aligned)',
  a1Sum: (k) => `${k} of environmentally sustainable activities (Taxonomy-aligned) (A.1)`,
  ofEnabling: 'Of which Enabling',
  ofTransitional: 'Of which Transitional',
  a2: 'A.2. Taxonomy-Eligible but not environmentally sustainable activities (not Taxonomy-aligned activities)',
  a2Sum: (k) =>
    `${k} of Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned activities) (A.2)`,
  aSum: (k) => `A. ${k} of Taxonomy-eligible activities (A.1 + A.2)`,
  b: 'B. TAXONOMY-NON-ELIGIBLE ACTIVITIES',
  bSum: (k) => `${k} of Taxonomy-non-eligible activities`,
  total: 'TOTAL',
  none: 'None',
  perObjective: (k) => `Proportion of ${k}/Total ${k}`,
  alignedPer: 'Taxonomy-aligned per objective',
  eligiblePer: 'Taxonomy-eligible per objective',
  unsplit: 'Taxonomy-eligible, allocated to no objective (incomplete split)',
  cell: { Y: 'Y', N: 'N', 'N/EL': 'N/EL', EL: 'EL' },
  unfinishedMark: 'assessment not finished',
  splitMark: 'split between objectives incomplete',
  unfinishedNote: (names) =>
    `Assessment not finished: ${names}. These activities count as assessed so far, as on the dashboard.`,
  legend:
    'Y: criteria for the objective met; N: Taxonomy-eligible, criteria not met; N/EL: not eligible for the objective; EL: eligible for the objective; E: enabling activity; T: transitional activity. An activity contributing to several objectives counts once, split between them. N-1: the same activity in the undertaking’s previous financial year.',
  noPrevious: 'No previous year recorded',
  nuclearGas: 'Nuclear and fossil gas related activities (Annex XII)',
  template: (n) => `Template ${n}`,
  templateTitle: {
    1: 'Nuclear and fossil gas related activities',
    2: 'Taxonomy-aligned economic activities (denominator)',
    3: 'Taxonomy-aligned economic activities (numerator)',
    4: 'Taxonomy-eligible but not taxonomy-aligned economic activities',
    5: 'Taxonomy non-eligible economic activities',
  },
  question: [
    'The undertaking carries out, funds or has exposures to research, development, demonstration and deployment of innovative electricity generation facilities that produce energy from nuclear processes with minimal waste from the fuel cycle.',
    'The undertaking carries out, funds or has exposures to construction and safe operation of new nuclear installations to produce electricity or process heat, including for the purposes of district heating or industrial processes such as hydrogen production, as well as their safety upgrades, using best available technologies.',
    'The undertaking carries out, funds or has exposures to safe operation of existing nuclear installations that produce electricity or process heat, including for the purposes of district heating or industrial processes such as hydrogen production from nuclear energy, as well as their safety upgrades.',
    'The undertaking carries out, funds or has exposures to construction or operation of electricity generation facilities that produce electricity using fossil gaseous fuels.',
    'The undertaking carries out, funds or has exposures to construction, refurbishment, and operation of combined heat/cool and power generation facilities using fossil gaseous fuels.',
    'The undertaking carries out, funds or has exposures to construction, refurbishment and operation of heat generation facilities that produce heat/cool using fossil gaseous fuels.',
  ],
  yes: 'YES',
  no: 'NO',
  ngRow: (t, section) =>
    t === 5
      ? `Amount and proportion of economic activity referred to in row ${section} of Template 1 that is taxonomy-non-eligible in accordance with Section ${NG_SECTION[section]} of Annexes I and II to Delegated Regulation 2021/2139 in the denominator of the applicable KPI`
      : `Amount and proportion of ${t === 4 ? 'taxonomy-eligible but not taxonomy-aligned' : 'taxonomy-aligned'} economic activity referred to in Section ${section} of Annexes I and II to Delegated Regulation 2021/2139 in the ${t === 3 ? 'numerator' : 'denominator'} of the applicable KPI`,
  ngOther: (t) =>
    `Amount and proportion of other ${t === 5 ? 'taxonomy-non-eligible' : t === 4 ? 'taxonomy-eligible but not taxonomy-aligned' : 'taxonomy-aligned'} economic activities not referred to in rows 1 to 6 above in the ${t === 3 ? 'numerator' : 'denominator'} of the applicable KPI`,
  ngTotal: (t) =>
    t === 2
      ? 'Total applicable KPI'
      : `Total amount and proportion of ${t === 5 ? 'taxonomy-non-eligible' : t === 4 ? 'taxonomy-eligible but not taxonomy-aligned' : 'taxonomy-aligned'} economic activities in the ${t === 3 ? 'numerator' : 'denominator'} of the applicable KPI`,
  ngHead: ['Row', 'Economic activities', 'Amount CCM + CCA', '%', 'Amount CCM', '%', 'Amount CCA', '%'],
  ruleSet: 'Rule set',
  ruleSetName: {
    '2021/2178':
      'Delegated Regulation (EU) 2021/2178, Annex II templates as amended by Delegated Regulation (EU) 2023/2486',
    '2026/73':
      'Delegated Regulation (EU) 2021/2178 as amended by Delegated Regulation (EU) 2026/73 (simplified templates)',
  },
  summary: 'Summary of the KPIs',
  summaryHead: ['', 'Turnover', 'CapEx', 'OpEx'],
  summaryRow: {
    aligned: 'Taxonomy-aligned (A.1)',
    enabling: 'of which enabling',
    transitional: 'of which transitional',
    eligibleOnly: 'Taxonomy-eligible, not Taxonomy-aligned (A.2)',
    nonEligible: 'Taxonomy-non-eligible (B)',
    notMaterial: 'Not material, not assessed',
    nuclearAligned: 'Nuclear energy (4.26–4.28): Taxonomy-aligned',
    nuclearEligible: 'Nuclear energy (4.26–4.28): eligible, not aligned',
    gasAligned: 'Fossil gas (4.29–4.31): Taxonomy-aligned',
    gasEligible: 'Fossil gas (4.29–4.31): eligible, not aligned',
  },
  notMaterialRow: (k) => `${k} of not material activities (not assessed)`,
  notMaterialNote: 'Not material activities – sectors and reason',
  notReported: 'not reported',
  opexNotMaterial: (total, reason) =>
    `OpEx not material for the business model: total OpEx EUR ${total}, Taxonomy-eligibility and alignment not assessed. Reason: ${reason}`,
  objectiveShares: 'Proportion per objective',
};

/** Template 5 names Template 1's rows ("row 1") and their sections; rows 1 to 6 are 4.26 to 4.31. */
const NG_SECTION: Record<string, string> = {
  1: '4.26',
  2: '4.27',
  3: '4.28',
  4: '4.29',
  5: '4.30',
  6: '4.31',
};

export const TEMPLATE_TEXTS: Record<Lang, typeof DE> = { de: DE, en: EN };

/** The label of row i (0..7) of Annex XII template t. */
export function nuclearGasRowLabel(lang: Lang, t: 2 | 3 | 4 | 5, i: number): string {
  const x = TEMPLATE_TEXTS[lang];
  if (i < 6) return x.ngRow(t, t === 5 ? String(i + 1) : NG_SECTION[String(i + 1)]);
  return i === 6 ? x.ngOther(t) : x.ngTotal(t);
}
