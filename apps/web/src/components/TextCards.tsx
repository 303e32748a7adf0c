import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { PageHeader } from './PageHeader.tsx';
import { SearchField } from './SearchField.tsx';

/**
 * A page of texts to edit (help texts): header, search, the load state, a notice (nothing found)
 * and the `TextCard`s.
 */
export function TextCardsPage({
  title,
  subtitle,
  search,
  loading,
  failed,
  notice,
  testId,
  children,
}: {
  title: string;
  subtitle: string;
  search: { label: string; value: string; onChange: (value: string) => void };
  loading: boolean;
  /** The error shown when the texts did not load; none while they did. */
  failed: string | null;
  notice?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 1100 }}>
        <SearchField label={search.label} value={search.value} onChange={search.onChange} fullWidth />
        {loading && <Skeleton variant="rounded" height={200} />}
        {failed && <Alert severity="error">{failed}</Alert>}
        {notice}
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid={testId}>
          {children}
        </Box>
      </Box>
    </>
  );
}

/** One text: its name, the German and the English text side by side (stacked on a phone), the edit button. */
export function TextCard({
  radius,
  testId,
  children,
}: {
  radius: number;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '220px 1fr 1fr auto' },
        gap: { xs: 1, md: 2 },
        alignItems: 'start',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: radius,
        p: 2,
      }}
    >
      {children}
    </Box>
  );
}
