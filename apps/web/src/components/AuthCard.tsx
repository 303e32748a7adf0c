import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from './RouterLink.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** A link to a neighbouring public page; with a lead text before it the link is set in bold. */
export type AuthLink = { to: '/login' | '/register'; label: string; lead?: string };

/** The card every public form sits in; `link` is the footer's way to the neighbouring page. */
export function AuthCard({
  title,
  subtitle,
  children,
  link,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  link?: AuthLink;
}) {
  useDocumentTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
      {link && (
        <Box sx={{ mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' }}>
          {link.lead ? (
            <Typography variant="body2" color="text.secondary">
              {link.lead}{' '}
              <RouterLink to={link.to} sx={{ fontWeight: 600 }}>
                {link.label}
              </RouterLink>
            </Typography>
          ) : (
            <RouterLink to={link.to} variant="body2">
              {link.label}
            </RouterLink>
          )}
        </Box>
      )}
    </Paper>
  );
}
