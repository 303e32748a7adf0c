import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ExchangeClient } from '@klimadesk/contract/exchange/schemas';
import { PACT_BASE_PATH } from '@klimadesk/contract/exchange/schemas';
import { TAG_FILTER_LIMIT } from '@klimadesk/contract/tags/schemas';
import { call, can, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { NameField } from '../../components/NameField.tsx';
import { notify } from '../../components/notify.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { ClientFetchesDialog } from './ClientFetchesDialog.tsx';

type Created = { name: string; clientId: string; clientSecret: string };

/** The exchange's addresses on this server, as a data recipient's software needs them. */
const endpoints = () => {
  const base = `${window.location.origin}${PACT_BASE_PATH}`;
  return {
    token: `${base}/auth/token`,
    v3: `${base}/3/footprints`,
    v2: `${base}/2/footprints`,
    tad: `${base}/2/ileap/tad`,
  };
};

type T = ReturnType<typeof useTranslation<['exchange', 'common']>>['t'];

function StatusChip({ revoked }: { revoked: boolean }) {
  const { t } = useTranslation('exchange');
  return revoked ? (
    <Chip size="small" label={t('status.revoked')} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={t('status.active')} />
  );
}

/** Name with the client id underneath (the id the recipient's software authenticates with). */
function ClientNameCell({ client }: { client: ExchangeClient }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {client.name}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontFamily: 'monospace' }}
        noWrap
        component="div"
      >
        {client.clientId}
      </Typography>
    </Box>
  );
}

/** Row actions: show the client's fetches; revoke while it is still active. */
function ClientActions({
  client,
  onRevoke,
  onFetches,
}: {
  client: ExchangeClient;
  onRevoke: (c: ExchangeClient) => void;
  onFetches: (c: ExchangeClient) => void;
}) {
  const { t } = useTranslation('exchange');
  return (
    <>
      <Tooltip title={t('fetches.action')}>
        <IconButton
          size="small"
          aria-label={t('fetches.aria', { name: client.name })}
          onClick={() => onFetches(client)}
          data-testid="exchange-client-fetches"
        >
          <ListAltOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {!client.revokedAt && (
        <Tooltip title={t('actions.revoke')}>
          <IconButton
            size="small"
            aria-label={t('actions.revokeAria', { name: client.name })}
            onClick={() => onRevoke(client)}
          >
            <KeyOffOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

/** The list's columns: name with client id, shipper, dates, status and the revoke action. */
function clientColumns(
  t: T,
  lang: Language,
  onRevoke: (c: ExchangeClient) => void,
  onFetches: (c: ExchangeClient) => void,
): GridColDef<ExchangeClient>[] {
  return [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => <ClientNameCell client={row} />,
    },
    {
      field: 'shipper',
      headerName: t('columns.shipper'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? t('allShippers'),
    },
    ...(['createdAt', 'lastUsedAt'] as const).map((field) => ({
      field,
      headerName: t(field === 'createdAt' ? 'columns.created' : 'columns.lastUsed'),
      width: 170,
      sortable: false,
      valueFormatter: (v: string | null) => (v ? formatDateTime(v, lang) : t('never')),
    })),
    {
      field: 'revokedAt',
      headerName: t('columns.status'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <StatusChip revoked={row.revokedAt !== null} />,
    },
    {
      field: 'actions',
      headerName: t('columns.actions'),
      width: 120,
      sortable: false,
      resizable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => <ClientActions client={row} onRevoke={onRevoke} onFetches={onFetches} />,
    },
  ];
}

/** Exchange clients for PACT / iLEAP: created, listed and revoked by company admins. */
export function ExchangeClients() {
  const { t } = useTranslation(['exchange', 'common']);
  const qc = useQueryClient();
  const lang = currentLanguage();
  const state = useTableState('exchange-clients');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoke, setRevoke] = useState<ExchangeClient | null>(null);
  const [fetches, setFetches] = useState<ExchangeClient | null>(null);
  const { data, isFetching } = useQuery(queryOptions('exchangeClients'));
  const reload = () => qc.invalidateQueries({ queryKey: queryKeyOf('exchangeClients') });
  const urls = endpoints();

  // The React Compiler memoizes the columns (a manual useMemo would not be preserved here).
  const columns = clientColumns(t, lang, setRevoke, setFetches);

  return (
    <SectionCard
      title={t('clients.title')}
      description={t('clients.text')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(true)}
          data-testid="exchange-client-create"
          sx={{ flexShrink: 0 }}
        >
          {t('clients.create')}
        </Button>
      }
    >
      <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5, display: 'grid', gap: 0.5, typography: 'body2' }}>
        <li>{t('clients.auth', { url: urls.token })}</li>
        <li>{t('clients.pact', { url: urls.v3 })}</li>
        <li>{t('clients.ileap', { url: urls.v2, tad: urls.tad })}</li>
        <li>{t('clients.scope')}</li>
        <li>{t('clients.orders')}</li>
      </Box>
      <DataTable
        label={t('clients.tableLabel')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching}
        state={state}
        testId="exchange-client-table"
      />
      {creating && (
        <CreateClientDialog
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
            void reload();
          }}
        />
      )}
      {created && (
        <ClientCreatedDialog created={created} tokenUrl={urls.token} onClose={() => setCreated(null)} />
      )}
      {fetches && <ClientFetchesDialog client={fetches} onClose={() => setFetches(null)} />}
      {revoke && (
        <ConfirmDialog
          title={t('revokeTitle')}
          text={t('revokeText', { name: revoke.name })}
          confirmLabel={t('actions.revoke')}
          onClose={() => setRevoke(null)}
          onConfirm={async () => {
            await call('revokeExchangeClient', { params: { id: revoke.id } });
            notify(t('notify.revoked', { name: revoke.name }), 'success', { log: true });
            setRevoke(null);
            void reload();
          }}
        />
      )}
    </SectionCard>
  );
}

/** Shipper names as the shipment list knows them, offered while typing (free text stays allowed). */
function ShipperField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('exchange');
  const me = useMe();
  const term = useDebounced(value.trim(), 400);
  const suggestions = useQuery({
    ...queryOptions('filterShipmentShippers', {
      query: { page: 1, limit: TAG_FILTER_LIMIT, term: term || undefined },
    }),
    enabled: can(me, 'filterShipmentShippers'),
    placeholderData: keepPreviousData,
    select: (d) => d['hydra:member'].map((x) => x.value),
  });
  return (
    <Autocomplete
      freeSolo
      options={suggestions.data ?? []}
      filterOptions={(x) => x}
      inputValue={value}
      onInputChange={(_e, v) => onChange(v)}
      renderInput={(params) => (
        <TextField {...params} label={t('clients.shipper')} helperText={t('clients.shipperHelp')} />
      )}
    />
  );
}

function CreateClientDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: Created) => void;
}) {
  const { t } = useTranslation(['exchange', 'common']);
  const [name, setName] = useState('');
  const [shipper, setShipper] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = name.trim() === '';
  // The secret is shown once, in the dialog that follows, not in a snackbar.
  const create = useApiMutation({
    mutate: () =>
      call('createExchangeClient', { body: { name: name.trim(), shipper: shipper.trim() || null } }),
    onSuccess: (res) =>
      onCreated({ name: name.trim(), clientId: res.clientId, clientSecret: res.clientSecret }),
  });
  return (
    <FormDialog
      id="exchange-create"
      title={t('clients.create')}
      mutation={create}
      onSubmit={(e) => {
        e?.preventDefault();
        setTouched(true);
        if (!invalid) void create.run();
      }}
      onClose={onClose}
      submitLabel={t('common:actions.create')}
      maxWidth="xs"
      sx={{ display: 'grid', gap: 2 }}
    >
      <NameField
        label={t('clients.name')}
        value={name}
        onChange={setName}
        touched={touched}
        onBlur={() => setTouched(true)}
        error={invalid ? t('common:validation.required') : null}
        hint={t('clients.nameHelp')}
        sx={{ mt: 1 }}
      />
      <ShipperField value={shipper} onChange={setShipper} />
    </FormDialog>
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('exchange');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify(t('notify.copied', { what: label }));
    } catch {
      notify(t('notify.copyFailed'), 'warning');
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      data-testid={testId}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('created.copy', { what: label })}>
                <IconButton
                  aria-label={t('created.copy', { what: label })}
                  onClick={() => void copy()}
                  edge="end"
                >
                  <ContentCopyOutlined />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
      onFocus={(e) => e.target.select()}
    />
  );
}

/** The secret in clear text exists only in this dialog; the server keeps a hash. */
function ClientCreatedDialog({
  created,
  tokenUrl,
  onClose,
}: {
  created: Created;
  tokenUrl: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['exchange', 'common']);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="exchange-created-title">
      <DialogTitle id="exchange-created-title">{t('created.title', { name: created.name })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('created.text')}</DialogContentText>
        <CopyField label={t('created.clientId')} value={created.clientId} testId="exchange-client-id" />
        <CopyField
          label={t('created.clientSecret')}
          value={created.clientSecret}
          testId="exchange-client-secret"
        />
        <CopyField label={t('created.tokenUrl')} value={tokenUrl} testId="exchange-token-url" />
        <Alert severity="warning">{t('created.once')}</Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
