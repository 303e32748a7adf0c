import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExchangeConnection } from '@klimadesk/contract/exchange/connections';
import { call, queryKeyOf, queryOptions } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';

/**
 * The exchange client the partner sends its events with (decision 0018): its Published events
 * re-fetch the footprints they name. Only the company's clients that are not revoked are offered.
 */
export function EventsClientField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('exchange');
  const { data } = useQuery(queryOptions('exchangeClients'));
  const clients = (data?.['hydra:member'] ?? []).filter((c) => !c.revokedAt || c.id === value);
  return (
    <TextField
      select
      label={t('partners.fields.eventsClient')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || null)}
      helperText={t('partners.fields.eventsClientHelp')}
      slotProps={{ select: { displayEmpty: true }, htmlInput: { 'data-testid': 'partner-eventsClient' } }}
    >
      <MenuItem value="">{t('partners.fields.eventsClientNone')}</MenuItem>
      {clients.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** What changes without a new confirmation of the address: events client and Published events. */
export function ConnectionSettingsDialog({
  connection,
  onClose,
}: {
  connection: ExchangeConnection;
  onClose: () => void;
}) {
  const { t } = useTranslation(['exchange', 'common']);
  const [v, setV] = useState({
    eventsClientId: connection.eventsClientId,
    publishUpdates: connection.publishUpdates,
  });
  const save = useApiMutation({
    mutate: () => call('updateExchangeConnection', { params: { id: connection.id }, body: v }),
    invalidate: [queryKeyOf('exchangeConnections')],
    success: t('partners.saved'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="partner-settings"
      title={t('partners.settingsTitle', { name: connection.name })}
      mutation={save}
      onSubmit={(e) => {
        e?.preventDefault();
        void save.run();
      }}
      onClose={onClose}
      submitLabel={t('common:actions.save')}
      submitTestId="partner-settings-submit"
      maxWidth="sm"
    >
      <EventsClientField value={v.eventsClientId} onChange={(id) => setV({ ...v, eventsClientId: id })} />
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={v.publishUpdates}
              onChange={(e) => setV({ ...v, publishUpdates: e.target.checked })}
            />
          }
          label={t('partners.fields.publishUpdates')}
        />
        <FormHelperText sx={{ mt: 0 }}>{t('partners.fields.publishUpdatesHelp')}</FormHelperText>
      </Box>
    </FormDialog>
  );
}
