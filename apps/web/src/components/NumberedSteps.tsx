import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** An ordered list of step cards (tutorials): the list, with `NumberedStep` items. */
export function NumberedSteps({ maxWidth, children }: { maxWidth: number; children: ReactNode }) {
  return (
    <Box component="ol" sx={{ display: 'grid', gap: 2, maxWidth, p: 0, m: 0, listStyle: 'none' }}>
      {children}
    </Box>
  );
}

/** One step: its number in a circle (hidden from screen readers, the list numbers it) beside the content. */
export function NumberedStep({
  number,
  padding = 2,
  children,
}: {
  number: number;
  /** The card's padding, a theme spacing or one per breakpoint. */
  padding?: number | { xs: number; sm: number };
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: '40px 1fr',
        gap: 2,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        p: padding,
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
        }}
      >
        {number}
      </Box>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
