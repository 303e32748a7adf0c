import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
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
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ApiKey } from '@klimadesk/contract/api-keys/schemas';
import { call, can, pathOf, queryKeyOf, queryOptions } from '../../app/client.ts';
import { NameField } from '../../components/NameField.tsx';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { errorText } from '../../components/errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ExchangeClients } from '../exchange/ExchangeClients.tsx';
import { PartnerConnections } from '../exchange/PartnerConnections.tsx';

// A function, not a constant: the route's path is known once the signed-in area loaded the route facts.
const pushExample = () => `curl -X POST https://<host>${pathOf('pushToursShipments')} \\
  -H "X-Api-Key: kdk_…" \\
  -H "Content-Type: application/json" \\
  -d '{
    "category": "shipment",
    "rows": [
      {
        "tourReference": "T-1001",
        "shipmentReference": "S-1",
        "departureDate": "2026-03-02",
        "licensePlate": "HH-DL 401",
        "weight": 8000,
        "distance": 290,
        "departureCity": "Hamburg",
        "departureCountry": "DE",
        "arrivalCity": "Berlin",
        "arrivalCountry": "DE"
      }
    ]
  }'`;

// The answer (202) carries the job's id; the second call reads its progress and row issues.
const bulkExample = () => `curl -X POST https://<host>${pathOf('pushBulk')} \\
  -H "X-Api-Key: kdk_…" \\
  -H "Content-Type: application/json" \\
  -d '{
    "category": "shipment",
    "requestId": "erp-2026-03-02-0001",
    "rows": [
      {
        "tourReference": "T-1001",
        "shipmentReference": "S-1",
        "departureDate": "2026-03-02",
        "glecTransportType": "road_in_12_20t_diesel",
        "weight": 8000,
        "distance": 290
      }
    ]
  }'

curl https://<host>${pathOf('pushBulk')}/<id> \\
  -H "X-Api-Key: kdk_…"`;

/** A dark code block of the connection help. */
function CodeExample({ label, children }: { label: string; children: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 2,
        bgcolor: '#0f2a27',
        color: '#d1e7e2',
        borderRadius: 2,
        overflowX: 'auto',
        fontSize: '0.8rem',
      }}
    >
      <code>{children}</code>
    </Box>
  );
}

/** API keys for pushing tours and shipments; keys are kept by company admins only. */
export function ConnectionPage() {
  const { t } = useTranslation(['apiKeys', 'common']);
  const me = useMe();
  const isAdmin = can(me, 'apiKeys');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {isAdmin ? (
        <>
          <ApiKeys />
          {can(me, 'exchangeClients') && (
            <Box sx={{ mt: 3 }}>
              <ExchangeClients />
            </Box>
          )}
          {can(me, 'exchangeConnections') && (
            <Box sx={{ mt: 3 }}>
              <PartnerConnections />
            </Box>
          )}
        </>
      ) : (
        <Alert severity="info" data-testid="api-keys-no-rights">
          {t('page.noRights')}
        </Alert>
      )}
      <Box sx={{ mt: 3 }}>
        <SectionCard title={t('push.title')} description={t('push.text')}>
          <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5, display: 'grid', gap: 0.5, typography: 'body2' }}>
            <li>{t('push.auth')}</li>
            <li>{t('push.rows')}</li>
            <li>{t('push.values')}</li>
            <li>{t('push.result')}</li>
          </Box>
          <CodeExample label={t('push.example')}>{pushExample()}</CodeExample>
        </SectionCard>
      </Box>
      <Box sx={{ mt: 3 }}>
        <SectionCard title={t('bulk.title')} description={t('bulk.text')}>
          <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5, display: 'grid', gap: 0.5, typography: 'body2' }}>
            <li>{t('bulk.rows')}</li>
            <li>{t('bulk.idempotent')}</li>
            <li>{t('bulk.poll')}</li>
          </Box>
          <CodeExample label={t('bulk.example')}>{bulkExample()}</CodeExample>
        </SectionCard>
      </Box>
    </>
  );
}

/** The key's name and the first characters of the key, by which a user recognises it. */
function KeyNameCell({ row }: { row: ApiKey }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {row.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {row.prefix}…
      </Typography>
    </Box>
  );
}

/** Who created the key, marked when that user was deleted since. */
function CreatorCell({ row, deletedLabel }: { row: ApiKey; deletedLabel: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {row.createdByName ?? '–'}
        </Typography>
        {row.createdByDeleted && (
          <Chip size="small" color="warning" variant="outlined" label={deletedLabel} />
        )}
      </Box>
      {row.createdByEmail && (
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {row.createdByEmail}
        </Typography>
      )}
    </Box>
  );
}

/** The key list's columns: name with prefix, creator, dates, status and the revoke button. */
function apiKeyColumns(t: TFunction, lang: Language, onRevoke: (key: ApiKey) => void): GridColDef<ApiKey>[] {
  return [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => <KeyNameCell row={row} />,
    },
    {
      // Who created a key, so that the keys of a departing admin can be found (issue 32).
      field: 'createdByName',
      headerName: t('columns.createdBy'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => <CreatorCell row={row} deletedLabel={t('creatorDeleted')} />,
    },
    {
      field: 'createdAt',
      headerName: t('columns.created'),
      width: 170,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v, lang),
    },
    {
      field: 'lastUsedAt',
      headerName: t('columns.lastUsed'),
      width: 170,
      sortable: false,
      valueFormatter: (v: string | null) => (v ? formatDateTime(v, lang) : t('never')),
    },
    {
      field: 'revokedAt',
      headerName: t('columns.status'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) =>
        row.revokedAt ? (
          <Chip size="small" label={t('status.revoked')} />
        ) : (
          <Chip size="small" color="success" variant="outlined" label={t('status.active')} />
        ),
    },
    {
      field: 'actions',
      headerName: t('columns.actions'),
      width: 90,
      sortable: false,
      resizable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) =>
        row.revokedAt ? null : (
          <Tooltip title={t('actions.revoke')}>
            <IconButton
              size="small"
              aria-label={t('actions.revokeAria', { name: row.name })}
              onClick={() => onRevoke(row)}
            >
              <KeyOffOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    },
  ];
}

function ApiKeys() {
  const { t } = useTranslation(['apiKeys', 'common']);
  const qc = useQueryClient();
  const lang = currentLanguage();
  const state = useTableState('api-keys');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoke, setRevoke] = useState<ApiKey | null>(null);
  // The route answers all keys of the company at once; it takes no paging parameters.
  const { data, isFetching } = useQuery(queryOptions('apiKeys'));
  const reload = () => qc.invalidateQueries({ queryKey: queryKeyOf('apiKeys') });

  const columns = useMemo(() => apiKeyColumns(t, lang, setRevoke), [t, lang]);

  return (
    <SectionCard
      title={t('keys.title')}
      description={t('keys.text')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(true)}
          data-testid="api-key-create"
          sx={{ flexShrink: 0 }}
        >
          {t('keys.create')}
        </Button>
      }
    >
      <DataTable
        label={t('keys.tableLabel')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching}
        state={state}
        testId="api-key-table"
      />
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(name, key) => {
            setCreating(false);
            setCreated({ name, key });
            void reload();
          }}
        />
      )}
      {created && (
        <KeyCreatedDialog name={created.name} apiKey={created.key} onClose={() => setCreated(null)} />
      )}
      {revoke && (
        <ConfirmDialog
          title={t('revokeTitle')}
          text={t('revokeText', { name: revoke.name })}
          confirmLabel={t('actions.revoke')}
          onClose={() => setRevoke(null)}
          onConfirm={async () => {
            await call('revokeApiKey', { params: { id: revoke.id } });
            notify(t('notify.revoked', { name: revoke.name }), 'success', { log: true });
            setRevoke(null);
            void reload();
          }}
        />
      )}
    </SectionCard>
  );
}

function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (name: string, key: string) => void;
}) {
  const { t } = useTranslation(['apiKeys', 'common']);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalid = name.trim() === '';
  const create = async () => {
    setTouched(true);
    if (invalid) return;
    setBusy(true);
    setError(null);
    try {
      const res = await call('createApiKey', { body: { name: name.trim() } });
      onCreated(res.apiKey.name, res.key);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="api-key-create-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <DialogTitle id="api-key-create-title">{t('keys.create')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <NameField
            label={t('keys.name')}
            value={name}
            onChange={setName}
            touched={touched}
            onBlur={() => setTouched(true)}
            error={invalid ? t('common:validation.required') : null}
            hint={t('keys.nameHelp')}
            sx={{ mt: 1 }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('common:actions.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The key in clear text exists only in this dialog; the server keeps a hash. */
function KeyCreatedDialog({ name, apiKey, onClose }: { name: string; apiKey: string; onClose: () => void }) {
  const { t } = useTranslation(['apiKeys', 'common']);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      notify(t('notify.copied'));
    } catch {
      notify(t('notify.copyFailed'), 'warning');
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="api-key-created-title">
      <DialogTitle id="api-key-created-title">{t('created.title', { name })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('created.text')}</DialogContentText>
        <TextField
          label={t('created.key')}
          value={apiKey}
          data-testid="api-key-value"
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('created.copy')}>
                    <IconButton aria-label={t('created.copy')} onClick={() => void copy()} edge="end">
                      <ContentCopyOutlined />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          onFocus={(e) => e.target.select()}
        />
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
