// German titles of the ESRS disclosure requirements and AR 16 sustainability matters: Delegated
// Regulation (EU) 2023/2772, German edition as corrected by the Berichtigung of 9 August 2024
// (ABl. L 2024/90457, C/2024/5339, EUR-Lex CELEX 32023R2772R(08)), which replaced the annexes and
// changed the terms: policies "Konzepte" (was "Strategien"), metrics "Kennzahlen" (was "Parameter"),
// S1 "Arbeitskräfte des Unternehmens", G1 "Unternehmensführung". Keyed like data/esrs.ts; a test
// checks both tables cover the whole catalogue. Checked against (2026):
// - ESRS 2 BP-1 to MDR-A: the contents table of ESRS 2 (judict.eu mirror of 32023R2772, Anhang I);
// - MDR-P: Rödl & Partner, "Mindestangabepflichten für Konzepte, Maßnahmen und Ziele" (2025);
// - E1-1, E1-4, E1-5, E1-7: NWB/Kiehl per-paragraph edition of ESRS E1, Haufe commentary;
// - S1-14, S1-16: netcero help centre (text of S1-14), Haufe, Kiehl AR 89, Rödl (2024);
// - G1-1: Xcellence fact sheet ESRS G1 (2025);
// - AR 16 names of E1-E5, S1, S3, S4 and G1: German AR 16 lists quoted in public materiality tools
//   (GitHub code search), which agree with each other; E4.4 and S1.2.1/S2.2.1 corrected from them.
// Not seen in a source (the corrigendum's terms applied where a title uses them):
// - MDR-M, MDR-T, E1-2, E1-3, E2-1, E3-1, E4-2, E4-5, E5-1, S1-1 to S4-1, S1-9, S1-13, S1-15
//   ("Konzepte"/"Kennzahlen" put in for "Strategien"/"Parameter", rest of the wording unchanged);
// - E1 to E5 other than above, E1.*/E2.*/E4.*/E5.* ESRS 2-related titles, S1-2 to S1-8,
//   S1-10 to S1-12, S1-17, S2 to S4 titles, G1.GOV-1, G1.IRO-1, G1-2 to G1-6: the 2023 wording;
//   S1 titles may now read "Arbeitskräfte des Unternehmens" where they say "eigene Belegschaft";
// - AR 16: S2 rows, S1.1.5/S1.1.6 (a quoted list has "Rechte der Arbeitnehmer" and
//   "…abgedeckten Arbeitskräften"), G1.2 (quoted as "Schutz von Hinweisgebern (Whistleblowers)"),
//   G1.6.1, G1.6.2.

/** Disclosure requirement code → German title ("Angabepflicht <code> – <title>"). */
export const DR_TITLES_DE: Record<string, string> = {
  'BP-1': 'Allgemeine Grundlagen für die Erstellung der Nachhaltigkeitserklärungen',
  'BP-2': 'Angaben im Zusammenhang mit spezifischen Umständen',
  'GOV-1': 'Die Rolle der Verwaltungs-, Leitungs- und Aufsichtsorgane',
  'GOV-2':
    'Informationen und Nachhaltigkeitsaspekte, mit denen sich die Verwaltungs-, Leitungs- und Aufsichtsorgane des Unternehmens befassen',
  'GOV-3': 'Einbeziehung der nachhaltigkeitsbezogenen Leistung in Anreizsysteme',
  'GOV-4': 'Erklärung zur Sorgfaltspflicht',
  'GOV-5': 'Risikomanagement und interne Kontrollen der Nachhaltigkeitsberichterstattung',
  'SBM-1': 'Strategie, Geschäftsmodell und Wertschöpfungskette',
  'SBM-2': 'Interessen und Standpunkte der Interessenträger',
  'SBM-3': 'Wesentliche Auswirkungen, Risiken und Chancen und ihr Zusammenspiel mit Strategie und Geschäftsmodell',
  'IRO-1': 'Beschreibung der Verfahren zur Ermittlung und Bewertung der wesentlichen Auswirkungen, Risiken und Chancen',
  'IRO-2': 'In ESRS enthaltene von der Nachhaltigkeitserklärung des Unternehmens abgedeckte Angabepflichten',
  'MDR-P': 'Konzepte zum Umgang mit wesentlichen Nachhaltigkeitsaspekten',
  'MDR-A': 'Maßnahmen und Mittel in Bezug auf wesentliche Nachhaltigkeitsaspekte',
  'MDR-M': 'Kennzahlen in Bezug auf wesentliche Nachhaltigkeitsaspekte',
  'MDR-T': 'Nachverfolgung der Wirksamkeit von Konzepten und Maßnahmen durch Zielvorgaben',
  'E1.GOV-3': 'Einbeziehung der nachhaltigkeitsbezogenen Leistung in Anreizsysteme (ESRS 2 GOV-3 im Zusammenhang mit E1)',
  'E1-1': 'Übergangsplan für den Klimaschutz',
  'E1.SBM-3':
    'Wesentliche Auswirkungen, Risiken und Chancen und ihr Zusammenspiel mit Strategie und Geschäftsmodell (ESRS 2 SBM-3 im Zusammenhang mit E1)',
  'E1.IRO-1':
    'Beschreibung der Verfahren zur Ermittlung und Bewertung der wesentlichen klimabezogenen Auswirkungen, Risiken und Chancen (ESRS 2 IRO-1 im Zusammenhang mit E1)',
  'E1-2': 'Konzepte im Zusammenhang mit dem Klimaschutz und der Anpassung an den Klimawandel',
  'E1-3': 'Maßnahmen und Mittel im Zusammenhang mit den Klimakonzepten',
  'E1-4': 'Ziele im Zusammenhang mit dem Klimaschutz und der Anpassung an den Klimawandel',
  'E1-5': 'Energieverbrauch und Energiemix',
  'E1-6': 'THG-Bruttoemissionen der Kategorien Scope 1, 2 und 3 sowie THG-Gesamtemissionen',
  'E1-7': 'Entnahme von Treibhausgasen und Projekte zur Verringerung von Treibhausgasen, finanziert über CO2-Zertifikate',
  'E1-8': 'Interne CO2-Bepreisung',
  'E1-9':
    'Erwartete finanzielle Effekte wesentlicher physischer Risiken und Übergangsrisiken und potenzielle klimabezogene Chancen',
  'E2.IRO-1':
    'Beschreibung der Verfahren zur Ermittlung und Bewertung der wesentlichen Auswirkungen, Risiken und Chancen im Zusammenhang mit Umweltverschmutzung (ESRS 2 IRO-1 im Zusammenhang mit E2)',
  'E2-1': 'Konzepte im Zusammenhang mit Umweltverschmutzung',
  'E2-2': 'Maßnahmen und Mittel im Zusammenhang mit Umweltverschmutzung',
  'E2-3': 'Ziele im Zusammenhang mit Umweltverschmutzung',
  'E2-4': 'Luft-, Wasser- und Bodenverschmutzung',
  'E2-5': 'Besorgniserregende Stoffe und besonders besorgniserregende Stoffe',
  'E2-6': 'Erwartete finanzielle Effekte durch Auswirkungen, Risiken und Chancen im Zusammenhang mit Umweltverschmutzung',
  'E3.IRO-1':
    'Beschreibung der Verfahren zur Ermittlung und Bewertung der wesentlichen Auswirkungen, Risiken und Chancen im Zusammenhang mit Wasser- und Meeresressourcen (ESRS 2 IRO-1 im Zusammenhang mit E3)',
  'E3-1': 'Konzepte im Zusammenhang mit Wasser- und Meeresressourcen',
  'E3-2': 'Maßnahmen und Mittel im Zusammenhang mit Wasser- und Meeresressourcen',
  'E3-3': 'Ziele im Zusammenhang mit Wasser- und Meeresressourcen',
  'E3-4': 'Wasserverbrauch',
  'E3-5':
    'Erwartete finanzielle Effekte durch Auswirkungen, Risiken und Chancen im Zusammenhang mit Wasser- und Meeresressourcen',
  'E4.SBM-3':
    'Wesentliche Auswirkungen, Risiken und Chancen und ihr Zusammenspiel mit Strategie und Geschäftsmodell (ESRS 2 SBM-3 im Zusammenhang mit E4)',
  'E4.IRO-1':
    'Beschreibung der Verfahren zur Ermittlung und Bewertung wesentlicher Auswirkungen, Risiken, Abhängigkeiten und Chancen im Zusammenhang mit biologischer Vielfalt und Ökosystemen (ESRS 2 IRO-1 im Zusammenhang mit E4)',
  'E4-1':
    'Übergangsplan und Berücksichtigung von biologischer Vielfalt und Ökosystemen in Strategie und Geschäftsmodell',
  'E4-2': 'Konzepte im Zusammenhang mit biologischer Vielfalt und Ökosystemen',
  'E4-3': 'Maßnahmen und Mittel im Zusammenhang mit biologischer Vielfalt und Ökosystemen',
  'E4-4': 'Ziele im Zusammenhang mit biologischer Vielfalt und Ökosystemen',
  'E4-5': 'Auswirkungskennzahlen im Zusammenhang mit Biodiversität und Veränderungen von Ökosystemen',
  'E4-6': 'Erwartete finanzielle Effekte durch Risiken und Chancen im Zusammenhang mit biologischer Vielfalt und Ökosystemen',
  'E5.IRO-1':
    'Beschreibung der Verfahren zur Ermittlung und Bewertung der wesentlichen Auswirkungen, Risiken und Chancen im Zusammenhang mit Ressourcennutzung und Kreislaufwirtschaft (ESRS 2 IRO-1 im Zusammenhang mit E5)',
  'E5-1': 'Konzepte im Zusammenhang mit Ressourcennutzung und Kreislaufwirtschaft',
  'E5-2': 'Maßnahmen und Mittel im Zusammenhang mit Ressourcennutzung und Kreislaufwirtschaft',
  'E5-3': 'Ziele im Zusammenhang mit Ressourcennutzung und Kreislaufwirtschaft',
  'E5-4': 'Ressourcenzuflüsse',
  'E5-5': 'Ressourcenabflüsse',
  'E5-6':
    'Erwartete finanzielle Effekte durch Auswirkungen, Risiken und Chancen im Zusammenhang mit Ressourcennutzung und Kreislaufwirtschaft',
  ...social('S1', [
    'der eigenen Belegschaft',
    'der eigenen Arbeitskräfte und der Arbeitnehmervertreter',
    'die eigenen Arbeitskräfte',
    'die eigene Belegschaft',
    'der eigenen Belegschaft',
  ]),
  'S1-6': 'Merkmale der Beschäftigten des Unternehmens',
  'S1-7': 'Merkmale der nicht angestellten Beschäftigten in der eigenen Belegschaft des Unternehmens',
  'S1-8': 'Tarifvertragliche Abdeckung und sozialer Dialog',
  'S1-9': 'Diversitätskennzahlen',
  'S1-10': 'Angemessene Entlohnung',
  'S1-11': 'Sozialschutz',
  'S1-12': 'Menschen mit Behinderungen',
  'S1-13': 'Kennzahlen für Schulungen und Kompetenzentwicklung',
  'S1-14': 'Kennzahlen für Gesundheitsschutz und Sicherheit',
  'S1-15': 'Kennzahlen für die Vereinbarkeit von Berufs- und Privatleben',
  'S1-16': 'Vergütungskennzahlen (Verdienstunterschiede und Gesamtvergütung)',
  'S1-17': 'Vorfälle, Beschwerden und schwerwiegende Auswirkungen im Zusammenhang mit Menschenrechten',
  ...social('S2', [
    'Arbeitskräften in der Wertschöpfungskette',
    'der Arbeitskräfte in der Wertschöpfungskette',
    'Arbeitskräfte in der Wertschöpfungskette',
    'Arbeitskräfte in der Wertschöpfungskette',
    'Arbeitskräften in der Wertschöpfungskette',
  ]),
  ...social('S3', [
    'betroffenen Gemeinschaften',
    'der betroffenen Gemeinschaften',
    'betroffene Gemeinschaften',
    'betroffene Gemeinschaften',
    'betroffenen Gemeinschaften',
  ]),
  ...social('S4', [
    'Verbrauchern und Endnutzern',
    'der Verbraucher und Endnutzer',
    'Verbraucher und Endnutzer',
    'Verbraucher und Endnutzer',
    'Verbrauchern und Endnutzern',
  ]),
  'G1.GOV-1': 'Die Rolle der Verwaltungs-, Aufsichts- und Leitungsorgane (ESRS 2 GOV-1 im Zusammenhang mit G1)',
  'G1.IRO-1':
    'Beschreibung der Verfahren zur Ermittlung und Bewertung der wesentlichen Auswirkungen, Risiken und Chancen (ESRS 2 IRO-1 im Zusammenhang mit G1)',
  'G1-1': 'Unternehmenskultur und Konzepte für die Unternehmensführung',
  'G1-2': 'Management der Beziehungen zu Lieferanten',
  'G1-3': 'Verhinderung und Aufdeckung von Korruption und Bestechung',
  'G1-4': 'Korruptions- oder Bestechungsfälle',
  'G1-5': 'Politische Einflussnahme und Lobbytätigkeiten',
  'G1-6': 'Zahlungspraktiken',
};

/**
 * S1-S4 share the wording of SBM-2, SBM-3 and DRs 1-5 and differ only in the group of people named,
 * in the case each title needs: [policies, engaging, raising concerns, impacts on, related to].
 */
function social(std: string, g: [string, string, string, string, string]): Record<string, string> {
  const rel = (x: string) => ` (ESRS 2 ${x} im Zusammenhang mit ${std})`;
  return {
    [`${std}.SBM-2`]: `Interessen und Standpunkte der Interessenträger${rel('SBM-2')}`,
    [`${std}.SBM-3`]: `Wesentliche Auswirkungen, Risiken und Chancen und ihr Zusammenspiel mit Strategie und Geschäftsmodell${rel('SBM-3')}`,
    [`${std}-1`]: `Konzepte im Zusammenhang mit ${g[0]}`,
    [`${std}-2`]: `Verfahren zur Einbeziehung ${g[1]} in Bezug auf Auswirkungen`,
    [`${std}-3`]: `Verfahren zur Behebung negativer Auswirkungen und Kanäle, über die ${g[2]} Bedenken äußern können`,
    [`${std}-4`]: `Ergreifung von Maßnahmen in Bezug auf wesentliche Auswirkungen auf ${g[3]} und Ansätze zum Management wesentlicher Risiken und zur Nutzung wesentlicher Chancen im Zusammenhang mit ${g[4]} sowie die Wirksamkeit dieser Maßnahmen`,
    [`${std}-5`]:
      'Ziele im Zusammenhang mit der Bewältigung wesentlicher negativer Auswirkungen, der Förderung positiver Auswirkungen und dem Umgang mit wesentlichen Risiken und Chancen',
  };
}

/** AR 16 matter id → German name of its own level (ESRS 1 Appendix A, Table AR 16, German edition). */
export const MATTER_NAMES_DE: Record<string, string> = {
  'E1.1': 'Anpassung an den Klimawandel',
  'E1.2': 'Klimaschutz',
  'E1.3': 'Energie',
  'E2.1': 'Luftverschmutzung',
  'E2.2': 'Wasserverschmutzung',
  'E2.3': 'Bodenverschmutzung',
  'E2.4': 'Verschmutzung von lebenden Organismen und Nahrungsressourcen',
  'E2.5': 'Besorgniserregende Stoffe',
  'E2.6': 'Besonders besorgniserregende Stoffe',
  'E2.7': 'Mikroplastik',
  'E3.1': 'Wasser',
  'E3.1.1': 'Wasserverbrauch',
  'E3.1.2': 'Wasserentnahme',
  'E3.1.3': 'Ableitung von Wasser',
  'E3.1.4': 'Ableitung von Wasser in die Ozeane',
  'E3.2': 'Meeresressourcen',
  'E3.2.1': 'Gewinnung und Nutzung von Meeresressourcen',
  'E4.1': 'Direkte Ursachen des Biodiversitätsverlusts',
  'E4.1.1': 'Klimawandel',
  'E4.1.2': 'Landnutzungsänderungen, Süßwasser- und Meeresnutzungsänderungen',
  'E4.1.3': 'Direkte Ausbeutung',
  'E4.1.4': 'Invasive gebietsfremde Arten',
  'E4.1.5': 'Umweltverschmutzung',
  'E4.1.6': 'Sonstige',
  'E4.2': 'Auswirkungen auf den Zustand der Arten',
  'E4.2.1': 'Populationsgröße von Arten',
  'E4.2.2': 'Globales Ausrottungsrisiko von Arten',
  'E4.3': 'Auswirkungen auf den Umfang und den Zustand von Ökosystemen',
  'E4.3.1': 'Landdegradation',
  'E4.3.2': 'Wüstenbildung',
  'E4.3.3': 'Bodenversiegelung',
  'E4.4': 'Auswirkungen und Abhängigkeiten von Ökosystemdienstleistungen',
  'E5.1': 'Ressourcenzuflüsse, einschließlich Ressourcennutzung',
  'E5.2': 'Ressourcenabflüsse im Zusammenhang mit Produkten und Dienstleistungen',
  'E5.3': 'Abfälle',
  ...workers('S1', {
    5: 'Vereinigungsfreiheit, Existenz von Betriebsräten und Rechte der Arbeitnehmer auf Information, Anhörung und Mitbestimmung',
    6: 'Tarifverhandlungen, einschließlich der Quote der durch Tarifverträge abgedeckten Arbeitskräfte',
  }),
  'S1.3.4': 'Datenschutz',
  ...workers('S2', { 5: 'Vereinigungsfreiheit, einschließlich der Existenz von Betriebsräten', 6: 'Tarifverhandlungen' }),
  'S2.3.4': 'Wasser- und Sanitäreinrichtungen',
  'S2.3.5': 'Datenschutz',
  'S3.1': 'Wirtschaftliche, soziale und kulturelle Rechte von Gemeinschaften',
  'S3.1.1': 'Angemessene Unterbringung',
  'S3.1.2': 'Angemessene Ernährung',
  'S3.1.3': 'Wasser- und Sanitäreinrichtungen',
  'S3.1.4': 'Bodenbezogene Auswirkungen',
  'S3.1.5': 'Sicherheitsbezogene Auswirkungen',
  'S3.2': 'Bürgerrechte und politische Rechte von Gemeinschaften',
  'S3.2.1': 'Meinungsfreiheit',
  'S3.2.2': 'Versammlungsfreiheit',
  'S3.2.3': 'Auswirkungen auf Menschenrechtsverteidiger',
  'S3.3': 'Rechte indigener Völker',
  'S3.3.1': 'Freiwillige und in Kenntnis der Sachlage erteilte vorherige Zustimmung',
  'S3.3.2': 'Selbstbestimmung',
  'S3.3.3': 'Kulturelle Rechte',
  'S4.1': 'Informationsbezogene Auswirkungen für Verbraucher und/oder Endnutzer',
  'S4.1.1': 'Datenschutz',
  'S4.1.2': 'Meinungsfreiheit',
  'S4.1.3': 'Zugang zu (hochwertigen) Informationen',
  'S4.2': 'Persönliche Sicherheit von Verbrauchern und/oder Endnutzern',
  'S4.2.1': 'Gesundheitsschutz und Sicherheit',
  'S4.2.2': 'Persönliche Sicherheit',
  'S4.2.3': 'Kinderschutz',
  'S4.3': 'Soziale Inklusion von Verbrauchern und/oder Endnutzern',
  'S4.3.1': 'Nichtdiskriminierung',
  'S4.3.2': 'Zugang zu Produkten und Dienstleistungen',
  'S4.3.3': 'Verantwortliche Vermarktungspraktiken',
  'G1.1': 'Unternehmenskultur',
  'G1.2': 'Schutz von Hinweisgebern',
  'G1.3': 'Tierschutz',
  'G1.4': 'Politisches Engagement und Lobbytätigkeiten',
  'G1.5': 'Management der Beziehungen zu Lieferanten, einschließlich Zahlungspraktiken',
  'G1.6': 'Korruption und Bestechung',
  'G1.6.1': 'Vermeidung und Aufdeckung einschließlich Schulung',
  'G1.6.2': 'Vorfälle',
};

/** S1 and S2 list the same working-condition and equal-treatment matters; items 5 and 6 differ. */
function workers(std: string, own: Record<5 | 6, string>): Record<string, string> {
  const rows: [string, string][] = [
    ['1', 'Arbeitsbedingungen'],
    ['1.1', 'Sichere Beschäftigung'],
    ['1.2', 'Arbeitszeit'],
    ['1.3', 'Angemessene Entlohnung'],
    ['1.4', 'Sozialer Dialog'],
    ['1.5', own[5]],
    ['1.6', own[6]],
    ['1.7', 'Vereinbarkeit von Berufs- und Privatleben'],
    ['1.8', 'Gesundheitsschutz und Sicherheit'],
    ['2', 'Gleichbehandlung und Chancengleichheit für alle'],
    ['2.1', 'Gleichstellung der Geschlechter und gleicher Lohn für gleiche Arbeit'],
    ['2.2', 'Schulungen und Kompetenzentwicklung'],
    ['2.3', 'Beschäftigung und Inklusion von Menschen mit Behinderungen'],
    ['2.4', 'Maßnahmen gegen Gewalt und Belästigung am Arbeitsplatz'],
    ['2.5', 'Vielfalt'],
    ['3', 'Sonstige arbeitsbezogene Rechte'],
    ['3.1', 'Kinderarbeit'],
    ['3.2', 'Zwangsarbeit'],
    ['3.3', 'Angemessene Unterbringung'],
  ];
  return Object.fromEntries(rows.map(([k, v]) => [`${std}.${k}`, v]));
}

/** NACE Rev. 2 section → German name (Regulation (EC) No 1893/2006, Annex I, German version). */
export const NACE_SECTIONS_DE: Record<string, string> = {
  A: 'Land- und Forstwirtschaft, Fischerei',
  B: 'Bergbau und Gewinnung von Steinen und Erden',
  C: 'Verarbeitendes Gewerbe/Herstellung von Waren',
  D: 'Energieversorgung',
  E: 'Wasserversorgung; Abwasser- und Abfallentsorgung und Beseitigung von Umweltverschmutzungen',
  F: 'Baugewerbe/Bau',
  G: 'Handel; Instandhaltung und Reparatur von Kraftfahrzeugen',
  H: 'Verkehr und Lagerei',
  I: 'Gastgewerbe/Beherbergung und Gastronomie',
  J: 'Information und Kommunikation',
  K: 'Erbringung von Finanz- und Versicherungsdienstleistungen',
  L: 'Grundstücks- und Wohnungswesen',
  M: 'Erbringung von freiberuflichen, wissenschaftlichen und technischen Dienstleistungen',
  N: 'Erbringung von sonstigen wirtschaftlichen Dienstleistungen',
  O: 'Öffentliche Verwaltung, Verteidigung; Sozialversicherung',
  P: 'Erziehung und Unterricht',
  Q: 'Gesundheits- und Sozialwesen',
  R: 'Kunst, Unterhaltung und Erholung',
  S: 'Erbringung von sonstigen Dienstleistungen',
  T: 'Private Haushalte mit Hauspersonal; Herstellung von Waren und Erbringung von Dienstleistungen durch private Haushalte für den Eigenbedarf ohne ausgeprägten Schwerpunkt',
  U: 'Exterritoriale Organisationen und Körperschaften',
};
