import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Close from '@mui/icons-material/Close';

type Props = {
  /** The section's accessible name. */
  label: string;
  /** Name of the close button and its tooltip. */
  dismissLabel: string;
  onDismiss: () => void;
  testId: string;
  dismissTestId: string;
  children: ReactNode;
};

/** A start-page card with an accent edge and a close button (the welcome texts and checklists). */
export function DismissibleCard({ label, dismissLabel, onDismiss, testId, dismissTestId, children }: Props) {
  return (
    <Box
      component="section"
      aria-label={label}
      data-testid={testId}
      sx={{
        position: 'relative',
        mb: 3,
        p: { xs: 2, sm: 3 },
        pr: { xs: 6, sm: 7 },
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: 'primary.main',
        bgcolor: 'background.paper',
      }}
    >
      <Tooltip title={dismissLabel}>
        <IconButton
          onClick={onDismiss}
          aria-label={dismissLabel}
          size="small"
          sx={{ position: 'absolute', top: 8, right: 8 }}
          data-testid={dismissTestId}
        >
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
      {children}
    </Box>
  );
}
