import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SCREENS, isScreenAllowed, webRouteOf } from '../../app/screens.ts';
import { NavIconOf } from '../../app/layout/Sidebar.tsx';
import { useMe } from '../../app/useMe.ts';
import { PageHeader } from '../../components/PageHeader.tsx';

/** An admin area: its screen's path and the key of its texts under `areas.`. */
export type AdminArea = { path: string; key: string };

/** The areas of one group that have a screen in the registry and that the user may open now. */
export function openAreas(me: Parameters<typeof isScreenAllowed>[0], areas: readonly AdminArea[]) {
  return areas.flatMap((area) => {
    const screen = SCREENS.find((s) => webRouteOf(s.path) === area.path);
    return screen && isScreenAllowed(me, screen) ? [{ ...area, screen }] : [];
  });
}

/**
 * The platform admin's start page: a card for every admin area whose screen exists, grouped.
 * Areas still being built simply do not show until their screen is registered.
 */
export function AdminHome({
  title,
  groups,
  ns = 'admin',
}: {
  title: string;
  groups: Record<string, readonly AdminArea[]>;
  /** The namespace of the `subtitle`, `groups.*` and `areas.*` texts (another area's overview). */
  ns?: string;
}) {
  const { t } = useTranslation(ns);
  const me = useMe();
  return (
    <>
      <PageHeader title={title} subtitle={t('subtitle')} />
      {Object.entries(groups).map(([group, areas]) => {
        const open = openAreas(me, areas);
        if (open.length === 0) return null;
        return (
          <Box component="section" key={group} sx={{ mb: 4 }} aria-labelledby={`admin-group-${group}`}>
            <Typography id={`admin-group-${group}`} variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
              {t(`groups.${group}`)}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
              }}
            >
              {open.map(({ path, key, screen }) => (
                <Card key={path} variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    component={Link}
                    to={screen.path}
                    sx={{ height: '100%', alignItems: 'flex-start' }}
                    data-testid={`admin-area-${key}`}
                  >
                    <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                      <Box sx={{ color: 'primary.main', pt: 0.25 }} aria-hidden="true">
                        <NavIconOf path={screen.path} />
                      </Box>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 650 }}>{t(`areas.${key}.title`)}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {t(`areas.${key}.text`)}
                        </Typography>
                      </Box>
                    </CardContent>
                  </CardActionArea>
                </Card>
              ))}
            </Box>
          </Box>
        );
      })}
    </>
  );
}
