import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import { reloadSession, selectModule } from '../../app/session.ts';
import { useMe } from '../../app/useMe.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { WelcomeCard } from '../help/WelcomeCard.tsx';

/** The features announced for each module until its screens exist (seed 001 §1–2). */
const COMING: Record<Exclude<ModuleCode, 'cft'>, readonly string[]> = {
  cfc: ['reports', 'sections', 'documents', 'settings', 'scope3'],
  tax: ['activities', 'criteria', 'figures', 'years', 'overview'],
  csrd: ['materiality', 'iro', 'reports', 'esrs'],
};

/**
 * The home of a module whose screens are not part of the app yet: what is coming, and the way back
 * to another module of the user (or the start page), never a 404.
 */
export function ModuleHome({ module }: { module: Exclude<ModuleCode, 'cft'> }) {
  const { t } = useTranslation(['modules', 'common']);
  const me = useMe();
  const navigate = useNavigate();
  const others = me.modules.filter((m) => m !== module);

  const switchTo = async (m: ModuleCode) => {
    selectModule(m);
    const next = await reloadSession();
    await navigate({ href: next.home });
  };

  return (
    <>
      <PageHeader title={t(`home.${module}.title`)} subtitle={t(`home.${module}.intro`)} />
      <WelcomeCard />
      <Card variant="outlined" sx={{ mb: 3 }} data-testid={`module-home-${module}`}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
              {t('home.coming')}
            </Typography>
            <Chip size="small" color="secondary" variant="outlined" label={t('home.inPreparation')} />
          </Box>
          <Box
            component="ul"
            sx={{
              m: 0,
              pl: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { md: '1fr 1fr' },
            }}
          >
            {COMING[module].map((key) => (
              <Box
                component="li"
                key={key}
                sx={{
                  p: 2,
                  borderRadius: 2,
                  bgcolor: 'background.default',
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography sx={{ fontWeight: 650 }}>{t(`home.${module}.features.${key}.title`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`home.${module}.features.${key}.text`)}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {others.map((m) => (
          <Button
            key={m}
            variant={m === others[0] ? 'contained' : 'outlined'}
            startIcon={<ArrowBack />}
            onClick={() => void switchTo(m)}
            data-testid={`module-back-${m}`}
          >
            {t('home.backTo', { module: t(`common:module.${m}`) })}
          </Button>
        ))}
        <Button variant="text" onClick={() => void navigate({ href: '/profile/profile' })}>
          {t('home.profile')}
        </Button>
      </Box>
    </>
  );
}
