import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Klimadesk mark: a leaf on a teal tile, with the word mark. */
export function Logo({ compact = false, inverted = false }: { compact?: boolean; inverted?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden="true"
        sx={{ width: 34, height: 34, flexShrink: 0 }}
      >
        <rect width="64" height="64" rx="14" fill={inverted ? '#ecfdf5' : '#0f766e'} />
        <path
          d="M18 44c0-16 10-26 28-26-1 17-10 27-26 27"
          fill="none"
          stroke={inverted ? '#0f766e' : '#ecfdf5'}
          strokeWidth="5"
          strokeLinecap="round"
        />
        <path
          d="M20 44l14-14"
          stroke={inverted ? '#14b8a6' : '#a7f3d0'}
          strokeWidth="4"
          strokeLinecap="round"
        />
      </Box>
      {!compact && (
        <Typography
          component="span"
          sx={{
            fontWeight: 800,
            fontSize: '1.2rem',
            letterSpacing: '-0.02em',
            color: inverted ? '#fff' : 'text.primary',
          }}
        >
          Klima
          <Box component="span" sx={{ color: inverted ? '#99f6e4' : 'primary.main' }}>
            desk
          </Box>
        </Typography>
      )}
    </Box>
  );
}
