import { Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/useMe.ts';
import { canUnlock } from '../../app/dialogs/eligibility.ts';

const UnlockWizard = lazy(() =>
  import('../companies/UnlockWizard.tsx').then((m) => ({ default: m.UnlockWizard })),
);

/**
 * Basic companies see sample data (seed 000 §6); the hint says so and offers the unlock wizard to
 * the users who may start it. Pages of professional-only features pass their own title and text.
 */
export function UpgradeHint({
  show,
  title,
  text,
  testId = 'sample-upgrade-hint',
}: {
  show: boolean;
  title?: string;
  text?: string;
  testId?: string;
}) {
  const { t } = useTranslation(['tours', 'app']);
  const me = useMe();
  const [open, setOpen] = useState(false);
  if (!show) return null;
  return (
    <>
      <Alert
        severity="info"
        icon={<WorkspacePremiumOutlined />}
        // On a phone the action goes below the text instead of squeezing it into a narrow column.
        sx={{
          mb: 2,
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiAlert-message': { flex: 1, minWidth: { xs: 'calc(100% - 48px)', sm: 0 } },
          '& .MuiAlert-action': { ml: 'auto', pt: { xs: 0, sm: 0.5 } },
        }}
        data-testid={testId}
        action={
          canUnlock(me) && !me.impersonator ? (
            <Button color="inherit" size="small" onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
              {t('app:upgrade.button')}
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>{title ?? t('sample.title')}</AlertTitle>
        {text ?? t('sample.text')}
      </Alert>
      {open && (
        <Suspense fallback={null}>
          <UnlockWizard companyId={me.company.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
