import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { sameStep, stepPath, type WizardStep } from './taxonomyModel.ts';

/** The wizard's steps as a list beside the form (a row that scrolls sideways on a phone). */
export function StepNav({
  steps,
  current,
  label,
  activityId,
}: {
  steps: readonly WizardStep[];
  current: WizardStep;
  label: (s: WizardStep) => string;
  activityId: string;
}) {
  const { t } = useTranslation('taxonomy');
  const navigate = useNavigate();
  const index = steps.findIndex((s) => sameStep(s, current));
  return (
    <Box component="nav" aria-label={t('wizard.stepsLabel')} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, display: { md: 'none' } }}>
        {t('wizard.stepOf', { n: index + 1, of: steps.length })}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          gap: 0.5,
          overflowX: { xs: 'auto', md: 'visible' },
          pb: { xs: 1, md: 0 },
        }}
      >
        {steps.map((s, i) => {
          const active = sameStep(s, current);
          // A new activity is saved from the selection; the later steps open once it exists.
          const disabled = activityId === 'new' && i > 1;
          return (
            <Box component="li" key={stepPath(activityId, s)} sx={{ flex: '0 0 auto' }}>
              <Button
                fullWidth
                size="small"
                disabled={disabled}
                aria-current={active ? 'step' : undefined}
                // On a phone the steps scroll sideways: the current one is brought into view.
                ref={
                  active
                    ? (el: HTMLButtonElement | null) =>
                        el?.scrollIntoView({ block: 'nearest', inline: 'center' })
                    : undefined
                }
                onClick={() => void navigate({ href: stepPath(activityId, s) })}
                data-testid={`tax-step-${s.kind}${'critId' in s ? `-${s.critId}` : ''}${'dnshId' in s ? `-${s.dnshId}` : ''}`}
                sx={{
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  whiteSpace: 'nowrap',
                  pl: s.kind === 'dnsh' ? { xs: 1, md: 3 } : 1,
                  fontWeight: active ? 700 : 500,
                  color: active ? 'primary.main' : 'text.primary',
                  bgcolor: active ? 'action.selected' : 'transparent',
                  borderRadius: 2,
                }}
              >
                <Box component="span" sx={{ color: 'text.secondary', mr: 1, minWidth: 18 }}>
                  {i + 1}
                </Box>
                {label(s)}
              </Button>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
