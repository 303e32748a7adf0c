import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Quantity } from '../../components/units.ts';

/** One figure of a dashboard: label, value and unit, each readable on its own. */
export function KpiCard({
  id,
  label,
  quantity,
  hint,
}: {
  id: string;
  label: string;
  quantity: Quantity;
  hint?: string;
}) {
  const labelId = `kpi-${id}-label`;
  return (
    <Box
      // A figure with its label, not form controls: none of the suggested tags (fieldset, details, …) fits.
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="group"
      aria-labelledby={labelId}
      data-testid={`kpi-${id}`}
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        p: 2,
        minWidth: 0,
      }}
    >
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Typography
        component="p"
        sx={{ fontSize: '1.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        <span data-testid={`kpi-${id}-value`}>{quantity.value}</span>
        {quantity.unit && (
          <Typography
            component="span"
            color="text.secondary"
            sx={{ fontSize: '0.95rem', fontWeight: 500, ml: 0.75 }}
          >
            {quantity.unit}
          </Typography>
        )}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

export function KpiGrid({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        gap: 2,
        mb: 3,
      }}
    >
      {children}
    </Box>
  );
}
