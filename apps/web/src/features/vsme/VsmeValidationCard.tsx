import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VsmeCatalogue } from '@klimadesk/contract/vsme/catalogue';
import type { VsmeCheck } from '@klimadesk/contract/vsme/schemas';
import { queryOptions } from '../../app/client.ts';
import { SectionCard } from '../../components/PageHeader.tsx';

/** Every datapoint's label by concept (a concept of two disclosures has one label). */
function labelsOf(catalogue: VsmeCatalogue): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of catalogue.disclosures)
    for (const g of d.groups)
      for (const p of g.datapoints) if (!out.has(p.concept)) out.set(p.concept, p.label);
  return out;
}

/** Every value that fits, on request. */
function CheckedValues({ checks, line }: { checks: VsmeCheck[]; line: (c: VsmeCheck) => string }) {
  const { t } = useTranslation('vsme');
  const [showAll, setShowAll] = useState(false);
  return (
    <Box>
      <Button size="small" onClick={() => setShowAll((s) => !s)}>
        {showAll ? t('validation.hideAll') : t('validation.showAll')}
      </Button>
      {showAll && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', fontSize: 14 }}>
          {checks
            .filter((c) => c.status === 'ok')
            .map((c) => (
              <li key={`${c.concept}|${c.member}`}>{line(c)}</li>
            ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The check before the Inline XBRL export, in plain words per datapoint (issue 40): what blocks
 * the export, what is left out of it, and on request every value that fits.
 */
export function VsmeValidationCard({ reportId, catalogue }: { reportId: string; catalogue: VsmeCatalogue }) {
  const { t } = useTranslation('vsme');
  const q = useQuery(queryOptions('vsmeReportValidation', { params: { id: reportId } }));
  const v = q.data;
  const labels = labelsOf(catalogue);
  const line = (c: VsmeCheck) => {
    const row = c.member === '' ? '' : ` (${c.member.startsWith('typed:') ? c.member.slice(6) : c.member})`;
    const head = `${c.disclosure ?? ''} ${labels.get(c.concept) ?? c.concept}${row}`.trim();
    if (c.status === 'ok') return `${head}: ${t('validation.fits')}`;
    const words = c.problems.map((p) =>
      t(`validation.problems.${p.code}`, {
        expected: p.expected ? t(`validation.kinds.${p.expected}`, p.expected) : '',
      }),
    );
    return `${head} ${words.join(' ')}`;
  };
  const errors = v?.checks.filter((c) => c.status === 'error') ?? [];
  const warnings = v?.checks.filter((c) => c.status === 'warning') ?? [];
  return (
    <SectionCard
      title={t('validation.title')}
      actions={
        <Button
          size="small"
          onClick={() => void q.refetch()}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          data-testid="vsme-validate"
        >
          {t('validation.run')}
        </Button>
      }
    >
      {v && (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="vsme-validation">
          {v.valid ? (
            <Alert severity="success">{t('validation.ok', { count: v.factCount })}</Alert>
          ) : (
            <Alert severity="error">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('validation.failed')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {v.reportProblems.map((p) => (
                  <li key={p}>{t(`validation.report.${p}`)}</li>
                ))}
                {errors.map((c) => (
                  <li key={`${c.concept}|${c.member}`}>{line(c)}</li>
                ))}
              </Box>
            </Alert>
          )}
          {warnings.length > 0 && (
            <Alert severity="warning">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('validation.warnings')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {warnings.map((c) => (
                  <li key={`${c.concept}|${c.member}`}>{line(c)}</li>
                ))}
              </Box>
            </Alert>
          )}
          <CheckedValues checks={v.checks} line={line} />
        </Box>
      )}
    </SectionCard>
  );
}
