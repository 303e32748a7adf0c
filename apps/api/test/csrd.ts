// The worked example lives with the module, which seeds the demo company from it.
export {
  MANDATORY_REPORT_SCOPES,
  MATERIAL_SCOPES,
  MATERIALITY_ENTRIES,
  MATERIALITY_EXAMPLE,
  MATERIALITY_SCORES,
} from '../src/modules/csrd/csrd.example.ts';

/** An E1-6 value as the e2e spec enters it: gross GHG emissions in t CO2e. */
export const E1_6_VALUE = { indicator: 'E1-6', unit: 'tCO2e', numericValue: 1234.5 } as const;

/**
 * The demo company (demo-pro) has a report for the current year made from its own analysis
 * (csrd.seed.ts); a spec that creates a report uses another year.
 */
export const DEMO_REPORT_YEAR = new Date().getFullYear();
export const E2E_REPORT_YEAR = DEMO_REPORT_YEAR + 1;
