import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import {
  TAX_RULE_SETS,
  type TaxAmountKind,
  type TaxDashboardStats,
  type TaxFinancialYear,
  type TaxRuleSet,
} from '@klimadesk/contract/taxonomy/schemas';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { ViewDialog } from '../../components/ViewDialog.tsx';
import { formatEur } from '../../components/format.ts';
import { formatShare } from './taxonomyModel.ts';

const KINDS: readonly TaxAmountKind[] = ['turnover', 'capex', 'opex'];
const ROWS = ['conform', 'eligible', 'ineligible', 'notMaterial'] as const;

/** A row's share under one rule set; "…" while it loads, the not-reported text where OpEx is left out. */
function comparedFigure(
  s: TaxDashboardStats | undefined,
  kind: TaxAmountKind,
  row: (typeof ROWS)[number],
  notReported: string,
  lang: Language,
): string {
  if (!s) return '…';
  const c = s.charts[kind];
  const k = s.kpis[kind];
  if (c.notReported) return notReported;
  const total = k.total;
  const share = (v: number) => formatShare(total > 0 ? v / total : 0, lang);
  if (row === 'conform') return formatShare(k.conformShare, lang);
  if (row === 'eligible') return formatShare(k.eligible, lang);
  if (row === 'ineligible') return share(c.ineligible);
  return share(c.notMaterial);
}

/**
 * One financial year under both rule sets side by side: the KPIs as the templates of 2021/2178 (as
 * amended by 2023/2486) report them, and as Delegated Regulation (EU) 2026/73 does (not-material
 * activities apart, OpEx left out where it is not material). The year's own rule set is marked.
 */
export function RuleSetComparison({ year, onClose }: { year: TaxFinancialYear; onClose: () => void }) {
  const { t } = useTranslation('taxonomy');
  const lang = currentLanguage();
  const query = (ruleSet: TaxRuleSet) =>
    queryOptions('taxActivityDashboardStats', { query: { years: [year.taxYear], ruleSet } });
  const full = useQuery(query('2021/2178'));
  const simplified = useQuery(query('2026/73'));
  const both: Record<TaxRuleSet, typeof full> = { '2021/2178': full, '2026/73': simplified };
  return (
    <ViewDialog
      id="tax-year-compare"
      title={t('years.compare.title', { year: year.taxYear })}
      onClose={onClose}
      maxWidth="md"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('years.compare.intro')}
      </Typography>
      {KINDS.map((kind) => (
        <Box key={kind} sx={{ mb: 3 }}>
          <Box
            component="table"
            data-testid={`tax-compare-${kind}`}
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              fontSize: '0.875rem',
              '& th, & td': { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider' },
            }}
          >
            <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>
              {t(`figures.${kind}`)}: {formatEur(both['2021/2178'].data?.kpis[kind].total ?? 0, lang)}
            </caption>
            <thead>
              <tr>
                <Box component="th" scope="col" sx={{ textAlign: 'left' }} />
                {TAX_RULE_SETS.map((r) => (
                  <Box component="th" scope="col" key={r} sx={{ textAlign: 'right', fontWeight: 600 }}>
                    {t(`years.ruleSet.short.${r === '2026/73' ? 'simplified' : 'full'}`)}
                    {r === year.ruleSet ? ` (${t('years.compare.own')})` : ''}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row}>
                  <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 400 }}>
                    {t(`years.compare.rows.${row}`)}
                  </Box>
                  {TAX_RULE_SETS.map((r) => (
                    <Box
                      component="td"
                      key={r}
                      sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                      data-testid={`tax-compare-${kind}-${row}-${r === '2026/73' ? 'simplified' : 'full'}`}
                    >
                      {comparedFigure(both[r].data, kind, row, t('years.compare.notReported'), lang)}
                    </Box>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ))}
    </ViewDialog>
  );
}
