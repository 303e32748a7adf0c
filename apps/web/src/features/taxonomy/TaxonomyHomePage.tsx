import { useState, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import EnergySavingsLeafOutlined from '@mui/icons-material/EnergySavingsLeafOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LiveHelpOutlined from '@mui/icons-material/LiveHelpOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isPathAllowed } from '@klimadesk/contract/platform/web-routes';
import { useMe } from '../../app/useMe.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ModuleWelcome } from '../help/ModuleWelcome.tsx';
import { TaxDashboard } from './TaxDashboard.tsx';
import { TaxTariffState } from './TaxTariffState.tsx';
import { useCanEditTax } from './taxQueries.ts';

type Tile = { key: string; path: string; icon: ReactElement; show?: boolean };

/**
 * The taxonomy home (seed 001 §2): tiles to the module's screens (the text editors only for the
 * platform admin), the tariff state, and the dashboard of turnover, CapEx and OpEx.
 */
export function TaxonomyHomePage() {
  const { t } = useTranslation('taxonomy');
  const me = useMe();
  const navigate = useNavigate();
  const canCreate = useCanEditTax('createTaxActivity');
  const [years, setYears] = useState<number[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const tiles: Tile[] = [
    { key: 'newActivity', path: '/taxonofy/activity/new/core', icon: <AddCircleOutline />, show: canCreate },
    { key: 'overview', path: '/taxonofy/overview', icon: <EnergySavingsLeafOutlined /> },
    { key: 'tags', path: '/taxonofy/tags', icon: <LocalOfferOutlined /> },
    { key: 'financialYears', path: '/taxonofy/financial-year', icon: <EventNoteOutlined /> },
    { key: 'info', path: '/taxonofy/info', icon: <InfoOutlined /> },
    { key: 'editCriteria', path: '/taxonofy/edit-criteria', icon: <EditNoteOutlined /> },
    { key: 'editDnsh', path: '/taxonofy/edit-dnsh', icon: <EditNoteOutlined /> },
    { key: 'editHelp', path: '/taxonofy/edit-help', icon: <LiveHelpOutlined /> },
  ];
  const shown = tiles.filter((tile) => tile.show !== false && isPathAllowed(tile.path, me.routes));

  return (
    <>
      <PageHeader title={t('home.title')} subtitle={t('home.subtitle')} />
      <TaxTariffState />
      <ModuleWelcome module="tax" />
      <Box
        component="nav"
        aria-label={t('home.tilesLabel')}
        sx={{
          display: 'grid',
          gap: 2,
          mb: 4,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {shown.map((tile) => (
          <ButtonBase
            key={tile.key}
            onClick={() => void navigate({ href: tile.path })}
            data-testid={`tax-tile-${tile.key}`}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              justifyContent: 'flex-start',
              textAlign: 'left',
              gap: 1,
              p: 2,
              borderRadius: 3,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              minHeight: 112,
              '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
              '& svg': { color: 'primary.main' },
            }}
          >
            {tile.icon}
            <Typography sx={{ fontWeight: 650 }}>{t(`home.tiles.${tile.key}.title`)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
              {t(`home.tiles.${tile.key}.text`)}
            </Typography>
          </ButtonBase>
        ))}
      </Box>
      {isPathAllowed('/taxonofy/overview', me.routes) && (
        <TaxDashboard years={years} tags={tags} onYears={setYears} onTags={setTags} />
      )}
    </>
  );
}
