// Which topical disclosure requirements an AR 16 sustainability matter brings into the report.
// Authored from the topical standards of Delegated Regulation (EU) 2023/2772, Annex I (ESRS E1-G1):
// each requirement lists the AR 16 rows it is "related to" (ESRS 1 §30(a)), with the paragraphs of
// its standard that say so. A sub-topic id (`S1.1`) stands for the sub-topic and all of its
// sub-sub-topics. Paragraph numbers were checked against the English text of the standards.
// The ESRS 2-related requirements (E1.IRO-1, S1.SBM-3, …) are not listed here: they come with the
// topic (ESRS 1 §30), the IRO-1-related ones irrespective of materiality (ESRS 1 §29).

export type MatterLink = { matters: readonly string[]; cite: string };

const E2_ALL = ['E2.1', 'E2.2', 'E2.3', 'E2.4', 'E2.5', 'E2.6', 'E2.7'];
const E3_ALL = ['E3.1', 'E3.2'];
const E4_ALL = ['E4.1', 'E4.2', 'E4.3', 'E4.4'];
const E5_ALL = ['E5.1', 'E5.2', 'E5.3'];
const S1_ALL = ['S1.1', 'S1.2', 'S1.3'];
const S2_ALL = ['S2.1', 'S2.2', 'S2.3'];
const S3_ALL = ['S3.1', 'S3.2', 'S3.3'];
const S4_ALL = ['S4.1', 'S4.2', 'S4.3'];

/**
 * S2-S4 have no metrics: their five requirements (policies, engagement, remediation channels,
 * actions, targets) address every matter of the standard's §2 alike.
 */
function socialFive(std: 'S2' | 'S3' | 'S4', all: string[], paras: [string, string, string, string, string]) {
  const what = ['policies', 'engagement processes', 'remediation and channels', 'actions', 'targets'];
  return Object.fromEntries(
    paras.map((p, i) => [
      `${std}-${i + 1}`,
      { matters: all, cite: `ESRS ${std} ${p}: ${what[i]} on every matter of ${std} §2` },
    ]),
  ) as Record<string, MatterLink>;
}

/** Topical requirement code → the AR 16 matters it relates to, with its source. */
export const DR_MATTERS: Record<string, MatterLink> = {
  // ESRS E1: the climate policies, actions and targets are those "related to climate change
  // mitigation and adaptation" (E1 §22-§23, §26, §30); energy is its own metric (E1-5).
  'E1-1': { matters: ['E1.2'], cite: 'ESRS E1 §14-§17: transition plan for climate change mitigation' },
  'E1-2': { matters: ['E1.1', 'E1.2'], cite: 'ESRS E1 §22-§25: policies on climate change mitigation and adaptation (§23)' },
  'E1-3': { matters: ['E1.1', 'E1.2'], cite: 'ESRS E1 §26-§29: climate change mitigation and adaptation actions' },
  'E1-4': { matters: ['E1.1', 'E1.2'], cite: 'ESRS E1 §30-§34: targets on climate change mitigation and adaptation' },
  'E1-5': { matters: ['E1.3'], cite: 'ESRS E1 §35-§43: energy consumption, mix and intensity' },
  'E1-6': { matters: ['E1.2'], cite: 'ESRS E1 §44-§55: gross scope 1, 2, 3 and total GHG emissions' },
  'E1-7': { matters: ['E1.2'], cite: 'ESRS E1 §56-§61: GHG removals and mitigation projects financed through carbon credits' },
  'E1-8': { matters: ['E1.2'], cite: 'ESRS E1 §62-§63: internal carbon pricing' },
  'E1-9': {
    matters: ['E1.1', 'E1.2'],
    cite: 'ESRS E1 §64-§70: financial effects of physical (adaptation) and transition (mitigation) risks',
  },

  'E2-1': { matters: E2_ALL, cite: 'ESRS E2 §12-§15: policies on pollution' },
  'E2-2': { matters: E2_ALL, cite: 'ESRS E2 §16-§19: actions on pollution' },
  'E2-3': { matters: E2_ALL, cite: 'ESRS E2 §20-§25: targets on pollution' },
  'E2-4': {
    matters: ['E2.1', 'E2.2', 'E2.3', 'E2.7'],
    cite: 'ESRS E2 §26-§31: pollutants emitted to air, water and soil (§28(a)) and microplastics (§28(b))',
  },
  'E2-5': { matters: ['E2.5', 'E2.6'], cite: 'ESRS E2 §32-§35: substances of concern and of very high concern' },
  'E2-6': { matters: E2_ALL, cite: 'ESRS E2 §36-§41: financial effects of pollution-related impacts, risks and opportunities' },

  'E3-1': { matters: E3_ALL, cite: 'ESRS E3 §9-§14: policies on water management (§12) and oceans and seas (§14)' },
  'E3-2': { matters: E3_ALL, cite: 'ESRS E3 §15-§19: actions on water and marine resources' },
  'E3-3': { matters: E3_ALL, cite: 'ESRS E3 §20-§25: targets on water and marine resources' },
  'E3-4': { matters: ['E3.1'], cite: 'ESRS E3 §26-§29: water consumption of own operations' },
  'E3-5': { matters: E3_ALL, cite: 'ESRS E3 §30-§33: financial effects of water and marine resources-related matters' },

  // ESRS E4: every requirement addresses the material biodiversity impacts as a whole (E4 §33:
  // "metrics related to its material impacts on biodiversity and ecosystems").
  'E4-1': { matters: E4_ALL, cite: 'ESRS E4 §11-§15: transition plan and biodiversity in strategy' },
  'E4-2': { matters: E4_ALL, cite: 'ESRS E4 §20-§24: policies on biodiversity and ecosystems' },
  'E4-3': { matters: E4_ALL, cite: 'ESRS E4 §25-§28: actions on biodiversity and ecosystems' },
  'E4-4': { matters: E4_ALL, cite: 'ESRS E4 §29-§32: targets on biodiversity and ecosystems' },
  'E4-5': {
    matters: E4_ALL,
    cite: 'ESRS E4 §33-§41: impact metrics (land use §38, invasive species §39, species §40, ecosystems §41)',
  },
  'E4-6': { matters: E4_ALL, cite: 'ESRS E4 §42-§45: financial effects of biodiversity-related risks and opportunities' },

  'E5-1': { matters: E5_ALL, cite: 'ESRS E5 §12-§16: policies on resource use and circular economy' },
  'E5-2': { matters: E5_ALL, cite: 'ESRS E5 §17-§20: actions on resource use and circular economy' },
  'E5-3': { matters: E5_ALL, cite: 'ESRS E5 §21-§27: targets on resource use and circular economy' },
  'E5-4': { matters: ['E5.1'], cite: 'ESRS E5 §28-§32: resource inflows' },
  'E5-5': { matters: ['E5.2', 'E5.3'], cite: 'ESRS E5 §33-§40: products and materials (§35-§36) and waste (§37-§39)' },
  'E5-6': { matters: E5_ALL, cite: 'ESRS E5 §41-§43: financial effects of resource use-related matters' },

  // ESRS S1: policies to targets cover every matter of S1 §2; each metric its own matter.
  'S1-1': { matters: S1_ALL, cite: 'ESRS S1 §17-§24: policies on own workforce' },
  'S1-2': { matters: S1_ALL, cite: 'ESRS S1 §25-§29: engaging with own workers and their representatives' },
  'S1-3': { matters: S1_ALL, cite: 'ESRS S1 §30-§34: remediation and channels to raise concerns' },
  'S1-4': { matters: S1_ALL, cite: 'ESRS S1 §35-§43: actions on material impacts, risks and opportunities' },
  'S1-5': { matters: S1_ALL, cite: 'ESRS S1 §44-§47: targets' },
  'S1-6': {
    matters: S1_ALL,
    cite: 'ESRS S1 §48-§52: characteristics of employees, the context of every S1 metric (§49)',
  },
  'S1-7': { matters: ['S1.1'], cite: 'ESRS S1 §53-§57: non-employees, the undertaking\'s approach to employment (§54)' },
  'S1-8': {
    matters: ['S1.1.4', 'S1.1.5', 'S1.1.6'],
    cite: 'ESRS S1 §58-§63: collective bargaining coverage and social dialogue',
  },
  'S1-9': { matters: ['S1.2.1', 'S1.2.5'], cite: 'ESRS S1 §64-§66: gender distribution in top management, age distribution' },
  'S1-10': { matters: ['S1.1.3'], cite: 'ESRS S1 §67-§71: adequate wages' },
  'S1-11': { matters: ['S1.1.1'], cite: 'ESRS S1 §72-§76: social protection against loss of income' },
  'S1-12': { matters: ['S1.2.3'], cite: 'ESRS S1 §77-§80: persons with disabilities' },
  'S1-13': { matters: ['S1.2.2'], cite: 'ESRS S1 §81-§85: training and skills development' },
  'S1-14': { matters: ['S1.1.8'], cite: 'ESRS S1 §86-§90: health and safety' },
  'S1-15': { matters: ['S1.1.7'], cite: 'ESRS S1 §91-§94: family-related leave' },
  'S1-16': { matters: ['S1.2.1'], cite: 'ESRS S1 §95-§99: gender pay gap and total remuneration ratio' },
  'S1-17': {
    matters: S1_ALL,
    cite: 'ESRS S1 §100-§104: discrimination incidents, complaints on every matter of §2 (§103(b)), severe human rights incidents',
  },

  ...socialFive('S2', S2_ALL, ['§14-§19', '§20-§24', '§25-§29', '§30-§38', '§39-§42']),
  ...socialFive('S3', S3_ALL, ['§12-§18', '§19-§24', '§25-§29', '§30-§38', '§39-§42']),
  ...socialFive('S4', S4_ALL, ['§13-§17', '§18-§22', '§23-§27', '§28-§37', '§38-§41']),

  'G1-1': {
    matters: ['G1.1', 'G1.2', 'G1.3', 'G1.6'],
    cite: 'ESRS G1 §7-§11: culture (§9), whistle-blowers (§10(a),(c),(d)), animal welfare (§10(f)), anti-corruption policy and training (§10(b),(g),(h))',
  },
  'G1-2': { matters: ['G1.5'], cite: 'ESRS G1 §12-§15: management of relationships with suppliers' },
  'G1-3': { matters: ['G1.6.1'], cite: 'ESRS G1 §16-§21: prevention and detection of corruption and bribery, training' },
  'G1-4': { matters: ['G1.6.2'], cite: 'ESRS G1 §22-§26: incidents of corruption or bribery' },
  'G1-5': { matters: ['G1.4'], cite: 'ESRS G1 §27-§30: political influence and lobbying' },
  'G1-6': { matters: ['G1.5'], cite: 'ESRS G1 §31-§33: payment practices' },
};
