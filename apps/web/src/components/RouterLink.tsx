import { forwardRef } from 'react';
import MuiLink, { type LinkProps } from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

const MuiAnchor = forwardRef<HTMLAnchorElement, LinkProps>(function MuiAnchor(props, ref) {
  return <MuiLink ref={ref} {...props} />;
});

/** A MUI link that navigates with the router (typed `to` and `params`). */
export const RouterLink = createLink(MuiAnchor);
