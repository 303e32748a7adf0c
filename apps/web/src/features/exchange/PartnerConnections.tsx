import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Tune from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ExchangeConnection } from '@klimadesk/contract/exchange/connections';
import { call, can, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ConnectionSettingsDialog, EventsClientField } from './ConnectionSettingsDialog.tsx';
import { PartnerFootprints } from './PartnerFootprints.tsx';

const KEYS = [queryKeyOf('exchangeConnections'), queryKeyOf('partnerFootprints')];
const ACTION_LABEL = {
  test: 'partners.test',
  tad: 'partners.tad',
  footprints: 'partners.fetchFootprints',
} as const;

type T = ReturnType<typeof useTranslation<['exchange', 'common']>>['t'];
type ActionKind = keyof typeof ACTION_LABEL;

/** Tests a connection or fetches TAD / footprints through it; the outcome is shown as a notice. */
function useConnectionAction() {
  const { t } = useTranslation(['exchange', 'common']);
  return useApiMutation<{ id: string; kind: ActionKind }, string>({
    mutate: async ({ id, kind }) => {
      if (kind === 'test') {
        const r = await call('testExchangeConnection', { params: { id } });
        return r.ok ? t('partners.testOk', { seconds: r.expiresIn ?? '–' }) : t(`errors:${r.error}`);
      }
      if (kind === 'tad') {
        const r = await call('fetchExchangeTad', { params: { id } });
        return t('partners.tadDone', { fetched: r.fetched, imported: r.imported, issues: r.issues.length });
      }
      const r = await call('fetchExchangeFootprints', { params: { id } });
      return t('partners.footprintsDone', { stored: r.stored, matched: r.matched });
    },
    invalidate: KEYS,
    success: (message) => ({ message, severity: 'info' }),
  });
}

type ConnectionAction = ReturnType<typeof useConnectionAction>;

/** Name with the partner's base URL underneath. */
function ConnectionNameCell({ connection }: { connection: ExchangeConnection }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={connection.name}>
        {connection.name}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontFamily: 'monospace' }}
        noWrap
        component="div"
        title={connection.baseUrl}
      >
        {connection.baseUrl}
      </Typography>
    </Box>
  );
}

/** Confirmation state (or the last error) plus whether updates are published / events received. */
function ConnectionStatusCell({ connection }: { connection: ExchangeConnection }) {
  const { t } = useTranslation(['exchange', 'common']);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Chip
        size="small"
        variant="outlined"
        color={connection.status === 'confirmed' ? (connection.lastError ? 'warning' : 'success') : 'default'}
        label={
          connection.lastError
            ? t(`errors:${connection.lastError}`)
            : t(`partners.status.${connection.status}`)
        }
      />
      {connection.publishUpdates && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {t('partners.publishing')}
        </Typography>
      )}
      {connection.eventsClientId && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {t('partners.receivingEvents')}
        </Typography>
      )}
    </Box>
  );
}

type RowHandlers = {
  canFetch: boolean;
  action: ConnectionAction;
  onEdit: (c: ExchangeConnection) => void;
  onConfirm: (c: ExchangeConnection) => void;
};

/** Settings, then confirm (unconfirmed) or test and the fetches the user may run (confirmed). */
function ConnectionActions({
  connection,
  canFetch,
  action,
  onEdit,
  onConfirm,
}: RowHandlers & { connection: ExchangeConnection }) {
  const { t } = useTranslation(['exchange', 'common']);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label={t('partners.settingsTitle', { name: connection.name })}
        onClick={() => onEdit(connection)}
        data-testid="partner-settings"
      >
        <Tune fontSize="small" />
      </IconButton>
      {connection.status === 'unconfirmed' ? (
        <Button size="small" onClick={() => onConfirm(connection)} data-testid="partner-confirm">
          {t('partners.confirm')}
        </Button>
      ) : (
        (['test', 'tad', 'footprints'] as const)
          .filter((kind) => kind === 'test' || canFetch)
          .map((kind) => (
            <Button
              key={kind}
              size="small"
              disabled={action.busy}
              onClick={() => void action.run({ id: connection.id, kind })}
              data-testid={`partner-${kind}`}
            >
              {t(ACTION_LABEL[kind])}
            </Button>
          ))
      )}
    </Box>
  );
}

/** The list's columns: name with base URL, status, last use and the row actions. */
function connectionColumns(t: T, lang: Language, handlers: RowHandlers): GridColDef<ExchangeConnection>[] {
  return [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => <ConnectionNameCell connection={row} />,
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      width: 170,
      sortable: false,
      renderCell: ({ row }) => <ConnectionStatusCell connection={row} />,
    },
    {
      field: 'lastUsedAt',
      headerName: t('columns.lastUsed'),
      width: 160,
      sortable: false,
      valueFormatter: (v: string | null) => (v ? formatDateTime(v, lang) : t('never')),
    },
    {
      field: 'actions',
      headerName: t('columns.actions'),
      minWidth: 330,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => <ConnectionActions connection={row} {...handlers} />,
    },
  ];
}

/**
 * Partner connections (PACT / iLEAP host systems of partners): created with a base URL that a
 * company admin confirms by typing it again, then tested and used to fetch TAD and footprints.
 */
export function PartnerConnections() {
  const { t } = useTranslation(['exchange', 'common']);
  const me = useMe();
  const lang = currentLanguage();
  const state = useTableState('exchange-connections');
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<ExchangeConnection | null>(null);
  const [editing, setEditing] = useState<ExchangeConnection | null>(null);
  const { data, isFetching } = useQuery(queryOptions('exchangeConnections'));
  const action = useConnectionAction();
  const canFetch = can(me, 'fetchExchangeTad');
  const columns = useMemo(
    () => connectionColumns(t, lang, { canFetch, action, onEdit: setEditing, onConfirm: setConfirming }),
    [t, lang, action, canFetch],
  );

  return (
    <SectionCard
      title={t('partners.title')}
      description={t('partners.text')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(true)}
          data-testid="partner-create"
          sx={{ flexShrink: 0 }}
        >
          {t('partners.create')}
        </Button>
      }
    >
      {action.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={action.clearError}>
          {action.error}
        </Alert>
      )}
      <DataTable
        label={t('partners.tableLabel')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching}
        state={state}
        testId="partner-table"
      />
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      {confirming && <ConfirmUrlDialog connection={confirming} onClose={() => setConfirming(null)} />}
      {editing && <ConnectionSettingsDialog connection={editing} onClose={() => setEditing(null)} />}
      {can(me, 'partnerFootprints') && <PartnerFootprints />}
    </SectionCard>
  );
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['exchange', 'common']);
  const [v, setV] = useState({
    name: '',
    baseUrl: '',
    clientId: '',
    clientSecret: '',
    pactVersion: 2 as 2 | 3,
    publishUpdates: false,
    eventsClientId: null as string | null,
  });
  const save = useApiMutation({
    mutate: () => call('createExchangeConnection', { body: v }),
    invalidate: KEYS,
    success: t('partners.created'),
    onSuccess: onClose,
  });
  const field = (key: 'name' | 'baseUrl' | 'clientId' | 'clientSecret', type = 'text') => (
    <TextField
      label={t(`partners.fields.${key}`)}
      value={v[key]}
      type={type}
      required
      onChange={(e) => setV({ ...v, [key]: e.target.value })}
      slotProps={{ htmlInput: { 'data-testid': `partner-${key}` } }}
      helperText={key === 'baseUrl' ? t('partners.fields.baseUrlHelp') : undefined}
    />
  );
  return (
    <FormDialog
      id="partner-create"
      title={t('partners.create')}
      mutation={save}
      onSubmit={(e) => {
        e?.preventDefault();
        void save.run();
      }}
      onClose={onClose}
      submitLabel={t('common:actions.create')}
      submitDisabled={!v.name.trim() || !v.baseUrl.trim() || !v.clientId.trim() || !v.clientSecret}
      submitTestId="partner-create-submit"
      maxWidth="sm"
    >
      {field('name')}
      {field('baseUrl')}
      {field('clientId')}
      {field('clientSecret', 'password')}
      <TextField
        select
        label={t('partners.fields.pactVersion')}
        value={v.pactVersion}
        onChange={(e) => setV({ ...v, pactVersion: Number(e.target.value) === 3 ? 3 : 2 })}
      >
        <MenuItem value={2}>PACT 2 (iLEAP)</MenuItem>
        <MenuItem value={3}>PACT 3</MenuItem>
      </TextField>
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={v.publishUpdates}
              onChange={(e) => setV({ ...v, publishUpdates: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'partner-publishUpdates' } as object }}
            />
          }
          label={t('partners.fields.publishUpdates')}
        />
        <FormHelperText sx={{ mt: 0 }}>{t('partners.fields.publishUpdatesHelp')}</FormHelperText>
      </Box>
      <EventsClientField value={v.eventsClientId} onChange={(id) => setV({ ...v, eventsClientId: id })} />
    </FormDialog>
  );
}

/** The admin types the base URL again: only that exact URL becomes callable. */
function ConfirmUrlDialog({ connection, onClose }: { connection: ExchangeConnection; onClose: () => void }) {
  const { t } = useTranslation(['exchange', 'common']);
  const [url, setUrl] = useState('');
  const confirm = useApiMutation({
    mutate: () =>
      call('confirmExchangeConnection', { params: { id: connection.id }, body: { baseUrl: url } }),
    invalidate: KEYS,
    success: t('partners.confirmed'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="partner-confirm"
      title={t('partners.confirmTitle', { name: connection.name })}
      mutation={confirm}
      onSubmit={(e) => {
        e?.preventDefault();
        void confirm.run();
      }}
      onClose={onClose}
      submitLabel={t('partners.confirm')}
      submitDisabled={!url.trim()}
      submitTestId="partner-confirm-submit"
      maxWidth="sm"
    >
      <Alert severity="warning">{t('partners.confirmText')}</Alert>
      <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{connection.baseUrl}</Typography>
      <TextField
        label={t('partners.fields.baseUrl')}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'partner-confirm-url' } }}
      />
    </FormDialog>
  );
}
