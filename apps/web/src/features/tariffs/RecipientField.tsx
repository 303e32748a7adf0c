import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';

/** Who gets the booking mail: a user of the company, or an address typed in (seed 002 §5). */
export type Recipient = { kind: 'user'; userId: string } | { kind: 'email'; email: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a recipient was chosen; the dialogs send nothing without one. */
export function recipientChosen(r: Recipient): boolean {
  return r.kind === 'user' ? r.userId !== '' : EMAIL.test(r.email.trim());
}

export function RecipientField({
  companyId,
  value,
  onChange,
  showError,
}: {
  companyId: string;
  value: Recipient;
  onChange: (r: Recipient) => void;
  showError: boolean;
}) {
  const { t } = useTranslation('tariffs');
  const users = useQuery(queryOptions('users', { query: { companyId, pagination: 'false', status: 1 } }));
  const options = users.data?.['hydra:member'] ?? [];
  const error = showError && !recipientChosen(value);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" id="recipient-label">
        {t('booking.recipient')} *
      </Typography>
      <RadioGroup
        row
        aria-labelledby="recipient-label"
        value={value.kind}
        onChange={(e) =>
          onChange(e.target.value === 'user' ? { kind: 'user', userId: '' } : { kind: 'email', email: '' })
        }
      >
        <FormControlLabel value="user" control={<Radio />} label={t('booking.recipientUser')} />
        <FormControlLabel value="email" control={<Radio />} label={t('booking.recipientEmail')} />
      </RadioGroup>
      {value.kind === 'user' ? (
        <TextField
          select
          size="small"
          label={t('booking.recipientUser')}
          value={value.userId}
          onChange={(e) => onChange({ kind: 'user', userId: e.target.value })}
          error={error}
          helperText={error ? t('booking.recipientMissing') : undefined}
          data-testid="booking-recipient-user"
        >
          {options.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.name} ({u.email})
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          size="small"
          type="email"
          label={t('booking.recipientEmail')}
          value={value.email}
          onChange={(e) => onChange({ kind: 'email', email: e.target.value })}
          error={error}
          helperText={error ? t('booking.recipientMissing') : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'booking-recipient-email' } }}
        />
      )}
    </Stack>
  );
}
