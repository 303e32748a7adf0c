import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';

/**
 * The minimum safeguard checks (seed 001 §2) as checkboxes, one per flag, each with its topic and
 * check text from the reference list (a numbered flag until it loaded).
 */
export function SafeguardFlags({
  flags,
  onChange,
  disabled,
  testIdPrefix,
}: {
  flags: boolean[];
  onChange: (flags: boolean[]) => void;
  disabled: boolean;
  /** The test id of flag i is `${testIdPrefix}-${i}`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation('taxonomy');
  // The checks are reference data: fetched once per session.
  const checks =
    useQuery({ ...queryOptions('taxMinimumSafeguards'), staleTime: Infinity }).data?.['hydra:member'] ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      {flags.map((on, i) => {
        const check = checks.find((c) => c.bit === i);
        return (
          <FormControlLabel
            key={i}
            disabled={disabled}
            control={
              <Checkbox
                checked={on}
                onChange={(e) => onChange(flags.map((f, j) => (j === i ? e.target.checked : f)))}
                slotProps={{ input: { 'data-testid': `${testIdPrefix}-${i}` } as object }}
              />
            }
            label={
              <Box sx={{ py: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {check ? check.topic : t('years.flag', { n: i + 1 })}
                </Typography>
                {check && (
                  <Typography variant="caption" color="text.secondary">
                    {check.check}
                  </Typography>
                )}
              </Box>
            }
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
          />
        );
      })}
    </Box>
  );
}
