import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HelpButton } from './HelpButton.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

// A long German compound in a title (an activity's name) breaks rather than widening a phone's page.
const TITLE_WRAP = { overflowWrap: 'break-word', hyphens: 'auto' } as const;

export function PageHeader({
  title,
  subtitle,
  actions,
  help,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Internal name of the screen's help text: a question mark beside the title opens it. */
  help?: string;
}) {
  useDocumentTitle(title);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {help ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography variant="h1" sx={TITLE_WRAP}>
              {title}
            </Typography>
            <HelpButton name={help} title={title} />
          </Box>
        ) : (
          <Typography variant="h1" sx={TITLE_WRAP}>
            {title}
          </Typography>
        )}
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

/** The columns of a page on wide screens (`columns`, e.g. `3fr 1fr`); one column below. */
export function PageColumns({ columns, children }: { columns: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: columns },
        alignItems: 'start',
        // A wide table inside a column scrolls in its card instead of widening the page (issue 37).
        '& > *': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

export function SectionCard({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={title}
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        p: { xs: 2, sm: 3 },
        // On a phone a table wider than the card scrolls inside it, not the whole page.
        minWidth: 0,
        overflowX: 'auto',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Box>
          <Typography variant="h3" component="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
