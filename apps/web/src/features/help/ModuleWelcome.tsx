import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DismissibleCard } from '../../components/DismissibleCard.tsx';
import { useOnboardingLayer } from '../../app/dialogs/onboardingLayer.ts';
import type { GuidedModule } from '../../app/dialogs/moduleTour.ts';
import { useMe } from '../../app/useMe.ts';
import { type SetupStep, useSetupChecklist } from './setupChecklist.ts';

const storageKey = (userId: string, module: GuidedModule) => `kd_welcome:${module}:${userId}`;

/**
 * The welcome of a module's home (CFC, taxonomy, CSRD) with its setup checklist, ticked from the
 * company's data. Shows after the introductory tour and the release notes, until the user hides it.
 */
export function ModuleWelcome({ module }: { module: GuidedModule }) {
  const { t } = useTranslation('app');
  const me = useMe();
  const layer = useOnboardingLayer();
  const steps = useSetupChecklist(module);
  const [hidden, setHidden] = useState(() => localStorage.getItem(storageKey(me.id, module)) !== null);
  if (hidden || layer !== null || (!me.introShown && !me.impersonator) || steps === null) return null;
  const done = steps.filter((s) => s.done).length;
  const hide = () => {
    localStorage.setItem(storageKey(me.id, module), new Date().toISOString());
    setHidden(true);
  };
  return (
    <DismissibleCard
      label={t(`guide.${module}.welcomeTitle`)}
      dismissLabel={t('guide.dismiss')}
      onDismiss={hide}
      testId="module-welcome"
      dismissTestId="module-welcome-dismiss"
    >
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {t(`guide.${module}.welcomeTitle`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t(`guide.${module}.welcomeText`)}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('guide.checklistTitle', { done, total: steps.length })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(done / steps.length) * 100}
        aria-hidden
        sx={{ mb: 1.5, maxWidth: 360, borderRadius: 1 }}
      />
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
        {steps.map((s) => (
          <ChecklistItem key={s.key} module={module} step={s} />
        ))}
      </Box>
    </DismissibleCard>
  );
}

function ChecklistItem({ module, step }: { module: GuidedModule; step: SetupStep }) {
  const { t } = useTranslation('app');
  const label = t(`guide.${module}.checklist.${step.key}`);
  return (
    <Box
      component="li"
      data-testid={`setup-${step.key}`}
      data-done={step.done}
      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
    >
      {step.done ? (
        <CheckCircle fontSize="small" color="success" titleAccess={t('guide.done')} />
      ) : (
        <RadioButtonUnchecked fontSize="small" color="disabled" titleAccess={t('guide.open')} />
      )}
      {step.done ? (
        <Typography sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>{label}</Typography>
      ) : (
        <Link component={RouterLink} to={step.to} underline="hover">
          {label}
        </Link>
      )}
    </Box>
  );
}
