import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link } from '@tanstack/react-router';

/** What a page's own tile on top of `LinkCard` takes: where it leads, icon, title and text. */
export type LinkTileProps = {
  to: string;
  icon: ReactNode;
  title: string;
  testId: string;
  children: ReactNode;
};

/** A tile of a home or settings page that opens a screen: the whole card is the link. */
export function LinkCard({
  to,
  testId,
  cardTestId,
  rounded = false,
  contentSx,
  children,
}: {
  to: string;
  /** Test id of the link. */
  testId?: string;
  /** Test id of the card around it. */
  cardTestId?: string;
  rounded?: boolean;
  /** Layout of the content; the padding is the tiles'. */
  contentSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={rounded ? { borderRadius: 3 } : undefined} data-testid={cardTestId}>
      <CardActionArea component={Link} to={to} data-testid={testId} sx={{ height: '100%' }}>
        <CardContent sx={[{ p: { xs: 2, sm: 3 } }, ...(Array.isArray(contentSx) ? contentSx : [contentSx])]}>
          {children}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The icon and title at the top of a `LinkCard`. */
export function LinkCardHeading({
  icon,
  title,
  sx,
}: {
  icon: ReactNode;
  title: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      sx={[
        { display: 'flex', alignItems: 'center', gap: 1.5, color: 'primary.main' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {icon}
      <Typography variant="h3" component="h2" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
    </Box>
  );
}
