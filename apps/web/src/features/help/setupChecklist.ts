import { useQuery } from '@tanstack/react-query';
import { queryOptions } from '../../app/client.ts';
import type { GuidedModule } from '../../app/dialogs/moduleTour.ts';

/** One step of a module's setup checklist: done from the company's data, `to` where it is done. */
export type SetupStep = { key: string; done: boolean; to: string };

/**
 * The setup checklist of a module, ticked from the company's data; null while it loads or if a
 * list cannot be read (the checklist then stays away rather than show wrong ticks).
 */
export function useSetupChecklist(module: GuidedModule): SetupStep[] | null {
  const cfc = useCfcChecklist(module === 'cfc');
  const tax = useTaxChecklist(module === 'tax');
  const csrd = useCsrdChecklist(module === 'csrd');
  return module === 'cfc' ? cfc : module === 'tax' ? tax : csrd;
}

/** The reporting year a CFC report is usually due for: the last completed calendar year. */
export function reportingYear(today = new Date()): number {
  return today.getFullYear() - 1;
}

function useCfcChecklist(enabled: boolean): SetupStep[] | null {
  const units = useQuery({ ...queryOptions('cfcBusinessUnits'), enabled });
  const reports = useQuery({ ...queryOptions('cfcReports', { query: { limit: 100 } }), enabled });
  const settings = useQuery({ ...queryOptions('cfcCompanySettings'), enabled });
  if (!units.data || !reports.data || !settings.data) return null;
  const list = reports.data['hydra:member'];
  const unitsPath = '/cfc/business-units/list';
  return [
    { key: 'unit', done: units.data['hydra:totalItems'] > 0, to: unitsPath },
    { key: 'report', done: list.some((r) => r.year >= reportingYear()), to: unitsPath },
    { key: 'entry', done: list.some((r) => r.entryCount > 0), to: unitsPath },
    { key: 'baseYear', done: settings.data.baseYear !== null, to: '/cfc/settings' },
  ];
}

function useTaxChecklist(enabled: boolean): SetupStep[] | null {
  const years = useQuery({ ...queryOptions('taxFinancialYears'), enabled });
  const all = useQuery({ ...queryOptions('taxActivities', { query: { limit: 1 } }), enabled });
  const finished = useQuery({
    ...queryOptions('taxActivities', { query: { limit: 1, status: 'finished' } }),
    enabled,
  });
  if (!years.data || !all.data || !finished.data) return null;
  const yearList = years.data['hydra:member'];
  return [
    { key: 'year', done: yearList.length > 0, to: '/taxonofy/financial-year' },
    // The Article 8 KPIs divide by the year's turnover: without it no share can be shown.
    { key: 'totals', done: yearList.some((y) => y.totalTurnover > 0), to: '/taxonofy/financial-year' },
    { key: 'activity', done: all.data['hydra:totalItems'] > 0, to: '/taxonofy/overview' },
    { key: 'assessed', done: finished.data['hydra:totalItems'] > 0, to: '/taxonofy/overview' },
  ];
}

function useCsrdChecklist(enabled: boolean): SetupStep[] | null {
  const analyses = useQuery({
    ...queryOptions('materialityAnalyses', { query: { limit: 20, withDeleted: 'false' } }),
    enabled,
  });
  const reports = useQuery({
    ...queryOptions('csrdReports', { query: { limit: 1, withDeleted: 'false' } }),
    enabled,
  });
  if (!analyses.data || !reports.data) return null;
  const list = analyses.data['hydra:member'];
  const scored = list.some((a) => a.results.some((r) => r.impactScore !== null || r.financialScore !== null));
  return [
    { key: 'analysis', done: list.length > 0, to: '/materiality/overview' },
    { key: 'scored', done: scored, to: '/materiality/overview' },
    { key: 'report', done: reports.data['hydra:totalItems'] > 0, to: '/csrd-report/overview' },
  ];
}
