import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { PartnerFootprint } from '@klimadesk/contract/exchange/connections';
import { call, can, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';

type T = ReturnType<typeof useTranslation<['exchange', 'common']>>['t'];

/** Puts a partner footprint on one leg of the matched shipment (or takes it off with `null`). */
function useApplyFootprint() {
  const { t } = useTranslation(['exchange', 'common']);
  return useApiMutation<{ row: PartnerFootprint; tourId: string | null }, string>({
    mutate: async ({ row, tourId }) => {
      await call('applyPartnerFootprint', { params: { id: row.id }, body: { tourId } });
      const tour = row.legs.find((l) => l.tourId === tourId)?.tourReference;
      return tour ? t('partners.footprints.applied', { tour }) : t('partners.footprints.unapplied');
    },
    // Applying restates the leg's stored figures (decision 0018): every view of them is read again.
    invalidate: (['partnerFootprints', 'getShipment', 'shipments', 'tours'] as const).map((id) =>
      queryKeyOf(id),
    ),
    success: (message) => ({ message, severity: 'success' }),
  });
}

type ApplyFootprint = ReturnType<typeof useApplyFootprint>;

/** The shipment reference (linked when matched) and whether it matched an own shipment. */
function FootprintShipmentCell({ footprint }: { footprint: PartnerFootprint }) {
  const { t } = useTranslation(['exchange', 'common']);
  return (
    <Box sx={{ minWidth: 0 }}>
      {footprint.shipmentId ? (
        <RouterLink to="/shipments/$id" params={{ id: footprint.shipmentId }} variant="body2">
          {footprint.shipmentReference}
        </RouterLink>
      ) : (
        <Typography variant="body2" noWrap>
          {footprint.shipmentReference}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {footprint.shipmentId ? t('partners.footprints.yes') : t('partners.footprints.no')}
      </Typography>
    </Box>
  );
}

/** Status chip and version, naming the version in use when the partner has published a newer one. */
function FootprintStatusCell({ footprint }: { footprint: PartnerFootprint }) {
  const { t } = useTranslation(['exchange', 'common']);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Chip
        size="small"
        variant="outlined"
        color={footprint.status === 'Active' ? 'success' : 'default'}
        label={t(`partners.footprints.status${footprint.status}`)}
      />
      <Typography variant="caption" color="text.secondary" component="div" noWrap title={footprint.pfId}>
        {footprint.appliedVersion !== null && footprint.appliedVersion !== footprint.pfVersion
          ? t('partners.footprints.versionInUse', {
              version: footprint.pfVersion,
              inUse: footprint.appliedVersion,
            })
          : t('partners.footprints.version', { version: footprint.pfVersion })}
      </Typography>
    </Box>
  );
}

/** Choice of the leg the footprint replaces; only active footprints of matched shipments can be newly used. */
function FootprintUseSelect({
  footprint,
  canApply,
  apply,
}: {
  footprint: PartnerFootprint;
  canApply: boolean;
  apply: ApplyFootprint;
}) {
  const { t } = useTranslation(['exchange', 'common']);
  return (
    <TextField
      select
      size="small"
      variant="standard"
      fullWidth
      sx={{ '& .MuiInputBase-root': { typography: 'body2' } }}
      value={footprint.appliedTourId ?? ''}
      disabled={
        !canApply ||
        apply.busy ||
        !footprint.shipmentId ||
        (footprint.status !== 'Active' && !footprint.appliedTourId)
      }
      onChange={(e) => void apply.run({ row: footprint, tourId: e.target.value || null })}
      slotProps={{
        select: { displayEmpty: true },
        htmlInput: {
          'aria-label': t('partners.footprints.useAria', { shipment: footprint.shipmentReference }),
          'data-testid': 'partner-footprint-use',
        },
      }}
    >
      <MenuItem value="">{t('partners.footprints.notUsed')}</MenuItem>
      {footprint.legs.map((l) => (
        <MenuItem key={l.tourId} value={l.tourId}>
          {l.tourReference}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The list's columns: shipment, partner, status, figures, the leg it is used on and fetch time. */
function footprintColumns(
  t: T,
  lang: Language,
  nf: Intl.NumberFormat,
  canApply: boolean,
  apply: ApplyFootprint,
): GridColDef<PartnerFootprint>[] {
  return [
    {
      field: 'shipmentReference',
      headerName: t('partners.footprints.shipment'),
      flex: 1,
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => <FootprintShipmentCell footprint={row} />,
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
      width: 190,
      sortable: false,
      renderCell: ({ row }) => <FootprintStatusCell footprint={row} />,
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
      renderCell: ({ row }) => <FootprintUseSelect footprint={row} canApply={canApply} apply={apply} />,
    },
    {
      field: 'fetchedAt',
      headerName: t('partners.footprints.fetched'),
      width: 150,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v, lang),
    },
  ];
}

/**
 * Footprints fetched from partners (subcontractors), matched to the own shipments; a freight admin
 * chooses the leg whose default figure the partner's primary data replace.
 */
export function PartnerFootprints() {
  const { t } = useTranslation(['exchange', 'common']);
  const me = useMe();
  const lang = currentLanguage();
  const state = useTableState('partner-footprints');
  const { data, isFetching } = useQuery(
    queryOptions('partnerFootprints', { query: { page: state.page + 1, limit: state.pageSize } }),
  );
  const canApply = can(me, 'applyPartnerFootprint');
  const apply = useApplyFootprint();
  const nf = useMemo(
    () => new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 }),
    [lang],
  );
  const columns = useMemo(
    () => footprintColumns(t, lang, nf, canApply, apply),
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
