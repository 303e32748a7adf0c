import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EMAIL_NOTIFICATION_DELAYS } from '@klimadesk/contract/constants';
import type { Me, UserPreference } from '@klimadesk/contract/platform/schemas';
import { call } from '../../app/client.ts';
import { ME_KEY, queryClient } from '../../app/session.ts';
import { notifyError } from '../../components/errors.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';

type MailPreference = Pick<UserPreference, 'isEmailNotificationEnabled' | 'emailNotificationDelay'>;

/**
 * The signed-in user's task e-mails: on or off, and how long events wait to be mailed together
 * (seed 002 §3 Task, §9 intervals). Each change is saved at once.
 */
export function TaskMailSettings({ me }: { me: Me }) {
  const { t } = useTranslation(['tasks', 'common']);
  const pref = me.userPreference;
  const save = useApiMutation<Partial<MailPreference>, UserPreference>({
    mutate: (body) => call('updateUserPreferences', { body }),
    success: t('common:notify.saved'),
    log: false,
    onSuccess: (next) =>
      queryClient.setQueryData<Me>(ME_KEY, (m) =>
        m ? { ...m, userPreference: { ...m.userPreference, ...next } } : m,
      ),
    errorOf: (err) => {
      notifyError(err);
      return '';
    },
  });
  return (
    <Box
      component="section"
      aria-labelledby="task-mail-title"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        p: 2,
        mb: 3,
        borderRadius: 3,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography id="task-mail-title" sx={{ fontWeight: 650 }}>
          {t('mail.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('mail.hint')}
        </Typography>
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={pref.isEmailNotificationEnabled}
            disabled={save.busy}
            onChange={(e) => void save.run({ isEmailNotificationEnabled: e.target.checked })}
            slotProps={{ input: { 'data-testid': 'task-mail-enabled' } as object }}
          />
        }
        label={t('mail.enabled')}
      />
      <TextField
        select
        size="small"
        label={t('mail.delay')}
        value={pref.emailNotificationDelay}
        disabled={!pref.isEmailNotificationEnabled || save.busy}
        onChange={(e) =>
          void save.run({
            emailNotificationDelay: e.target.value as MailPreference['emailNotificationDelay'],
          })
        }
        sx={{ width: 220, flexShrink: 0 }}
        data-testid="task-mail-delay"
      >
        {EMAIL_NOTIFICATION_DELAYS.map((d) => (
          <MenuItem key={d} value={d}>
            {t(`mail.delays.${d}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
