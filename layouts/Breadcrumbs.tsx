import { Breadcrumbs as MuiBreadcrumbs, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

/** The trail of matched routes (translated labels); the last crumb is the current page. */
export const Breadcrumbs = ({ crumbs }: { crumbs: Crumb[] }) => (
    <MuiBreadcrumbs sx={{ mb: 2 }} data-testid="breadcrumbs">
      {crumbs.map((c, i) =>
        c.to && i < crumbs.length - 1 ? (
          <MuiLink key={i} component={Link} to={c.to} underline="hover" color="inherit">
            {c.label}
          </MuiLink>
        ) : (
          <Typography key={i} color="text.primary">
            {c.label}
          </Typography>
        ),
      )}
    </MuiBreadcrumbs>
);
