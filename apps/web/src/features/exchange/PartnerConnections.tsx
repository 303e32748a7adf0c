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
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExchangeConnection, PartnerFootprint } from '@klimadesk/contract/exchange/connections';
import { call, can, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';

const KEYS = [queryKeyOf('exchangeConnections'), queryKeyOf('partnerFootprints')];
const ACTION_LABEL = {
  test: 'partners.test',
  tad: 'partners.tad',
  footprints: 'partners.fetchFootprints',
} as const;

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
  const { data, isFetching } = useQuery(queryOptions('exchangeConnections'));
  const action = useApiMutation<{ id: string; kind: 'test' | 'tad' | 'footprints' }, string>({
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
  const canFetch = can(me, 'fetchExchangeTad');

  const columns = useMemo<GridColDef<ExchangeConnection>[]>(
    () => [
      {
        field: 'name',
        headerName: t('columns.name'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={row.name}>
              {row.name}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ fontFamily: 'monospace' }}
              noWrap
              component="div"
              title={row.baseUrl}
            >
              {row.baseUrl}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Chip
              size="small"
              variant="outlined"
              color={row.status === 'confirmed' ? (row.lastError ? 'warning' : 'success') : 'default'}
              label={row.lastError ? t(`errors:${row.lastError}`) : t(`partners.status.${row.status}`)}
            />
            {row.publishUpdates && (
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {t('partners.publishing')}
              </Typography>
            )}
          </Box>
        ),
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
        renderCell: ({ row }) =>
          row.status === 'unconfirmed' ? (
            <Button size="small" onClick={() => setConfirming(row)} data-testid="partner-confirm">
              {t('partners.confirm')}
            </Button>
          ) : (
            <Box sx={{ display: 'flex', gap: 0.5 }}>
              {(['test', 'tad', 'footprints'] as const)
                .filter((kind) => kind === 'test' || canFetch)
                .map((kind) => (
                  <Button
                    key={kind}
                    size="small"
                    disabled={action.busy}
                    onClick={() => void action.run({ id: row.id, kind })}
                    data-testid={`partner-${kind}`}
                  >
                    {t(ACTION_LABEL[kind])}
                  </Button>
                ))}
            </Box>
          ),
      },
    ],
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

/**
 * Footprints fetched from partners (subcontractors), matched to the own shipments; a freight admin
 * chooses the leg whose default figure the partner's primary data replace.
 */
function PartnerFootprints() {
  const { t } = useTranslation(['exchange', 'common']);
  const me = useMe();
  const lang = currentLanguage();
  const state = useTableState('partner-footprints');
  const { data, isFetching } = useQuery(
    queryOptions('partnerFootprints', { query: { page: state.page + 1, limit: state.pageSize } }),
  );
  const canApply = can(me, 'applyPartnerFootprint');
  const apply = useApiMutation<{ row: PartnerFootprint; tourId: string | null }, string>({
    mutate: async ({ row, tourId }) => {
      await call('applyPartnerFootprint', { params: { id: row.id }, body: { tourId } });
      const tour = row.legs.find((l) => l.tourId === tourId)?.tourReference;
      return tour ? t('partners.footprints.applied', { tour }) : t('partners.footprints.unapplied');
    },
    invalidate: [queryKeyOf('partnerFootprints')],
    success: (message) => ({ message, severity: 'success' }),
  });
  const nf = useMemo(
    () => new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 }),
    [lang],
  );
  const columns = useMemo<GridColDef<PartnerFootprint>[]>(
    () => [
      {
        field: 'shipmentReference',
        headerName: t('partners.footprints.shipment'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            {row.shipmentId ? (
              <RouterLink to="/shipments/$id" params={{ id: row.shipmentId }} variant="body2">
                {row.shipmentReference}
              </RouterLink>
            ) : (
              <Typography variant="body2" noWrap>
                {row.shipmentReference}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {row.shipmentId ? t('partners.footprints.yes') : t('partners.footprints.no')}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'connectionName',
        headerName: t('partners.footprints.partner'),
        flex: 1,
        minWidth: 140,
        sortable: false,
      },
      {
        field: 'status',
        headerName: t('partners.footprints.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Chip
              size="small"
              variant="outlined"
              color={row.status === 'Active' ? 'success' : 'default'}
              label={t(`partners.footprints.status${row.status}`)}
            />
            <Typography variant="caption" color="text.secondary" component="div" noWrap title={row.pfId}>
              {t('partners.footprints.version', { version: row.pfVersion })}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'co2eWtwKg',
        headerName: t('partners.footprints.co2e'),
        width: 130,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => nf.format(v),
      },
      {
        field: 'tkm',
        headerName: 'tkm',
        width: 100,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => nf.format(v),
      },
      {
        field: 'appliedTourId',
        headerName: t('partners.footprints.use'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <TextField
            select
            size="small"
            variant="standard"
            fullWidth
            sx={{ '& .MuiInputBase-root': { typography: 'body2' } }}
            value={row.appliedTourId ?? ''}
            disabled={
              !canApply || apply.busy || !row.shipmentId || (row.status !== 'Active' && !row.appliedTourId)
            }
            onChange={(e) => void apply.run({ row, tourId: e.target.value || null })}
            slotProps={{
              select: { displayEmpty: true },
              htmlInput: {
                'aria-label': t('partners.footprints.useAria', { shipment: row.shipmentReference }),
                'data-testid': 'partner-footprint-use',
              },
            }}
          >
            <MenuItem value="">{t('partners.footprints.notUsed')}</MenuItem>
            {row.legs.map((l) => (
              <MenuItem key={l.tourId} value={l.tourId}>
                {l.tourReference}
              </MenuItem>
            ))}
          </TextField>
        ),
      },
      {
        field: 'fetchedAt',
        headerName: t('partners.footprints.fetched'),
        width: 150,
        sortable: false,
        valueFormatter: (v: string) => formatDateTime(v, lang),
      },
    ],
    [t, lang, nf, canApply, apply],
  );
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('partners.footprints.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('partners.footprints.text')}
      </Typography>
      {apply.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={apply.clearError}>
          {apply.error}
        </Alert>
      )}
      <DataTable
        label={t('partners.footprints.title')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching}
        state={state}
        testId="partner-footprint-table"
        empty={t('partners.footprints.empty')}
      />
    </Box>
  );
}
