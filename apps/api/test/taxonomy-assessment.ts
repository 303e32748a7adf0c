/** The assessment of an activity that meets every condition, as the KPI tests expect it. */
export const FULLY_ALIGNED = {
  eligible: true,
  substantialContribution: true,
  dnsh: true,
  minSafeguards: true,
  aligned: true,
  potentiallyConformShare: 1,
  splitIncomplete: false,
} as const;
