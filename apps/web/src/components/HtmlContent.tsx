import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** How help HTML looks, on the help pages and in the editor alike. */
export const HTML_STYLES = {
  typography: 'body1',
  overflowWrap: 'anywhere',
  '& h1, & h2': { typography: 'h3', mt: 3, mb: 1 },
  '& h3, & h4': { typography: 'h4', mt: 2.5, mb: 1 },
  '& > :first-of-type': { mt: 0 },
  '& p': { my: 1 },
  '& ul, & ol': { pl: 3, my: 1 },
  '& li': { my: 0.5 },
  '& li > p': { my: 0 },
  '& a': { color: 'primary.main' },
  '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
} as const;

/**
 * HTML of a help text, FAQ entry or glossary term as the API answers it: sanitised on the server
 * (headings, paragraphs, lists, emphasis, links with http, https, mailto and tel only), so it is
 * put into the page as it is, styled like the app's own text.
 */
export function HtmlContent({ html, sx, testId }: { html: string; sx?: SxProps<Theme>; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={[HTML_STYLES, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
