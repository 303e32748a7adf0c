import type { TaxObjective } from '@klimadesk/contract';
import { criteriaOf, siblingsOf } from './taxonomy.catalogue.ts';

/**
 * Enabling (E, Regulation (EU) 2020/852 Art. 16) and transitional (T, Art. 10(2)) activities, the
 * two category columns of the Annex II templates of 2021/2178 (as amended by 2023/2486 Annex V).
 * The acts state the category in the activity's description ("The economic activity is an enabling
 * activity in accordance with Article 10(1), point (i)", "… a transitional activity as referred to
 * in Article 10(2)"); the Compass 1.0.4 export leaves these sentences out (data/SOURCES.md), so the
 * climate change mitigation sections are listed here from the acts, by act and section:
 * - 2021/2139 Annex I: enabling 3.1–3.6, 4.9–4.12, 6.13–6.17, 7.3–7.6, 8.2, 9.1–9.3; transitional
 *   3.7–3.9, 3.11–3.14, 3.16, 3.17, 6.10–6.12, 7.2, 8.1.
 * - 2022/1214 Annex I (amending 2021/2139 Annex I): transitional 4.27–4.31.
 * - 2023/2485 Annex I (amending 2021/2139 Annex I): enabling 3.18–3.20; transitional 3.21, 6.18, 6.19.
 * For climate change adaptation, the criteria text of the Compass carries the sentence itself
 * ("enabling activity"), so the flag is read from it. Sections not named carry no category here;
 * the categories of the Environmental Delegated Act 2023/2486 are not in the shared sources.
 */
const CCM_ENABLING: Record<string, readonly string[]> = {
  '2021/2139': [
    '3.1',
    '3.2',
    '3.3',
    '3.4',
    '3.5',
    '3.6',
    '4.9',
    '4.10',
    '4.11',
    '4.12',
    '6.13',
    '6.14',
    '6.15',
    '6.16',
    '6.17',
    '7.3',
    '7.4',
    '7.5',
    '7.6',
    '8.2',
    '9.1',
    '9.2',
    '9.3',
  ],
  '2023/2485': ['3.18', '3.19', '3.20'],
};
const CCM_TRANSITIONAL: Record<string, readonly string[]> = {
  '2021/2139': [
    '3.7',
    '3.8',
    '3.9',
    '3.11',
    '3.12',
    '3.13',
    '3.14',
    '3.16',
    '3.17',
    '6.10',
    '6.11',
    '6.12',
    '7.2',
    '8.1',
  ],
  '2022/1214': ['4.27', '4.28', '4.29', '4.30', '4.31'],
  '2023/2485': ['3.21', '6.18', '6.19'],
};

export type Category = 'E' | 'T';

/** The category of an activity's contribution to one objective (null: neither, or not in the sources). */
export function categoryOf(euActivityId: string, objective: TaxObjective): Category | null {
  const entry = siblingsOf(euActivityId).find((s) => s.objectives.includes(objective));
  if (!entry?.ref) return null;
  if (objective === 'CCM') {
    if (CCM_ENABLING[entry.act]?.includes(entry.ref)) return 'E';
    if (CCM_TRANSITIONAL[entry.act]?.includes(entry.ref)) return 'T';
    return null;
  }
  if (objective === 'CCA') {
    const set = criteriaOf(entry.id).find((c) => c.objective === 'CCA');
    return set?.substantialContributionEn?.includes('enabling activity') ? 'E' : null;
  }
  return null;
}
