import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CfcBusinessUnit, CfcReport } from '@klimadesk/contract/cfc/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  EntityListPage,
  editDeleteActions,
  useEntityList,
  type ListSource,
} from '../../components/EntityListPage.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useCountries } from '../../components/form.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useNow } from '../../components/useNow.ts';
import { BusinessUnitDialog } from './BusinessUnitDialog.tsx';
import { REPORT_KEYS, UNIT_KEYS, reportYears } from './cfc.ts';
import { editPath } from './sectionNav.ts';

type T = ReturnType<typeof useTranslation<['cfc', 'common']>>['t'];

/**
 * The business units with their reports per year (seed 001 §2 business-units/list and
 * settings/business-units): open or create a year's report; the CFC admin creates, changes and
 * deletes units up to the tariff's limit (seed 001 §5), with the way to the provider beyond it.
 */
export function BusinessUnitsView({ title, subtitle }: { title: string; subtitle: string }) {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const list = useEntityList<CfcBusinessUnit>({
    table: 'cfc-business-units',
    source: () => queryOptions('cfcBusinessUnits') as ListSource<CfcBusinessUnit>,
  });
  const byUnit = useReportsByUnit();
  const limit = useUnitLimit(can(me, 'cfcActiveTariffs'));
  const { data: countries = [] } = useCountries();
  const [dialog, setDialog] = useState<{ unit: CfcBusinessUnit | null } | null>(null);
  const [newReport, setNewReport] = useState<{ unit: CfcBusinessUnit } | null>(null);
  const canCreate = can(me, 'cfcCreateBusinessUnit');
  const canEdit = can(me, 'cfcUpdateBusinessUnit');
  const canDelete = can(me, 'cfcDeleteBusinessUnit');
  const canCreateReport = can(me, 'cfcCreateReport');
  const atLimit = limit !== null && list.isSuccess && list.total >= limit;

  const remove = useConfirmedWrite<CfcBusinessUnit>({
    mutate: (u) => call('cfcDeleteBusinessUnit', { params: { id: u.id } }),
    invalidate: UNIT_KEYS,
    success: () => t('units.deleted'),
    confirm: (u) =>
      deleteConfirm(t('units.deleteTitle'), t('units.deleteText', { name: u.name, count: u.reportCount })),
  });

  const columns = useMemo(
    () => unitColumns(t, countries, byUnit, canCreateReport, (unit) => setNewReport({ unit })),
    [t, countries, byUnit, canCreateReport],
  );

  const rowActions = useMemo(
    () =>
      editDeleteActions<CfcBusinessUnit>({
        header: t('units.actions'),
        edit: canEdit && {
          aria: (row) => t('units.editAria', { name: row.name }),
          onClick: (row) => setDialog({ unit: row }),
        },
        remove: canDelete && {
          aria: (row) => t('units.deleteAria', { name: row.name }),
          onClick: remove.ask,
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit, canDelete],
  );

  return (
    <EntityListPage
      list={list}
      title={title}
      subtitle={subtitle}
      actions={
        canCreate ? (
          <CreateButton
            label={t('units.create')}
            onClick={() => setDialog({ unit: null })}
            disabled={atLimit}
            testId="cfc-unit-create"
          />
        ) : undefined
      }
      banner={atLimit && canCreate ? <UnitLimitAlert limit={limit} /> : undefined}
      label={t('units.tableLabel')}
      testId="cfc-unit-table"
      columns={columns}
      rowActions={rowActions}
      empty={<Typography color="text.secondary">{t('units.empty')}</Typography>}
    >
      {dialog && <BusinessUnitDialog unit={dialog.unit} onClose={() => setDialog(null)} />}
      {newReport && (
        <NewReportDialog
          unit={newReport.unit}
          taken={(byUnit.get(newReport.unit.id) ?? []).map((r) => r.year)}
          onClose={() => setNewReport(null)}
        />
      )}
      {remove.dialog}
    </EntityListPage>
  );
}

/** The company's reports grouped by their business unit's id. */
function useReportsByUnit(): Map<string, CfcReport[]> {
  const reports = useQuery({
    ...queryOptions('cfcReports', { query: { pagination: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  return useMemo(() => {
    const m = new Map<string, CfcReport[]>();
    for (const r of reports.data ?? []) m.set(r.businessUnit.id, [...(m.get(r.businessUnit.id) ?? []), r]);
    return m;
  }, [reports.data]);
}

/** The largest limit of the running CFC bookings (a trial beside a paid one does not lower it); none: no limit. */
function useUnitLimit(canReadTariffs: boolean): number | null {
  const tariffs = useQuery({ ...queryOptions('cfcActiveTariffs'), enabled: canReadTariffs });
  const limits = (tariffs.data?.['hydra:member'] ?? [])
    .map((b) => b.businessUnitsLimit)
    .filter((n): n is number => n !== null);
  return limits.length > 0 ? Math.max(...limits) : null;
}

function UnitLimitAlert({ limit }: { limit: number }) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="cfc-unit-limit">
      {t('units.limit', { limit })}{' '}
      <Link component={RouterLink} to="/cfc/contact">
        {t('units.contact')}
      </Link>
    </Alert>
  );
}

type Country = { code: string; name: string };

/** The list's columns: name with company, site (or the missing country's warning) and the reports per year. */
function unitColumns(
  t: T,
  countries: Country[],
  byUnit: Map<string, CfcReport[]>,
  canCreateReport: boolean,
  onNewReport: (unit: CfcBusinessUnit) => void,
): GridColDef<CfcBusinessUnit>[] {
  return [
    {
      field: 'name',
      headerName: t('units.name'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, lineHeight: 1.3 }}>
          <Typography variant="body2" sx={{ fontWeight: 650 }}>
            {row.name}
          </Typography>
          {row.companyName && (
            <Typography variant="caption" color="text.secondary">
              {row.companyName}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'country',
      headerName: t('units.site'),
      width: 180,
      sortable: false,
      renderCell: ({ row }) =>
        row.country ? (
          [row.city, countries.find((c) => c.code === row.country)?.name ?? row.country]
            .filter(Boolean)
            .join(', ')
        ) : (
          <Tooltip title={t('units.noCountryHint')}>
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              icon={<WarningAmberOutlined />}
              label={t('units.noCountry')}
            />
          </Tooltip>
        ),
    },
    {
      field: 'reports',
      headerName: t('units.reports'),
      flex: 1.4,
      minWidth: 260,
      sortable: false,
      renderCell: ({ row }) => (
        <UnitReports
          unit={row}
          reports={byUnit.get(row.id) ?? []}
          canCreate={canCreateReport && row.canWrite}
          onNew={() => onNewReport(row)}
        />
      ),
    },
  ];
}

/** A unit's reports as chips, newest year first, with the button for a new year's report. */
function UnitReports({
  unit,
  reports,
  canCreate,
  onNew,
}: {
  unit: CfcBusinessUnit;
  reports: CfcReport[];
  canCreate: boolean;
  onNew: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const own = [...reports].sort((a, b) => b.year - a.year);
  return (
    <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center', py: 1 }}>
      {own.map((r) => (
        <Chip
          key={r.id}
          size="small"
          clickable
          component={RouterLink}
          to={editPath(unit.urlId, r.year)}
          color={r.hasIncompleteEntries ? 'warning' : 'primary'}
          variant="outlined"
          label={r.year}
          data-testid={`cfc-report-${unit.urlId}-${r.year}`}
        />
      ))}
      {own.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('units.noReports')}
        </Typography>
      )}
      {canCreate && (
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={onNew}
          data-testid={`cfc-new-report-${unit.urlId}`}
        >
          {t('units.newReport')}
        </Button>
      )}
    </Box>
  );
}

/** A business unit's report of a year (one per unit and year): from the base year to the latest booked year. */
function NewReportDialog({
  unit,
  taken,
  onClose,
}: {
  unit: CfcBusinessUnit;
  taken: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const navigate = useNavigate();
  const settings = useQuery(queryOptions('cfcCompanySettings'));
  const bounds = useQuery(queryOptions('cfcBaseYears'));
  const now = useNow().getFullYear();
  const years = reportYears(settings.data?.baseYear ?? null, bounds.data?.max ?? now, now).filter(
    (y) => !taken.includes(y),
  );
  const [year, setYear] = useState<number | ''>('');
  const chosen: number | undefined = year !== '' ? year : years.includes(now) ? now : years.at(0);
  const create = useApiMutation({
    mutate: (y: number) => call('cfcCreateReport', { body: { businessUnit: unit.id, year: y } }),
    invalidate: REPORT_KEYS,
    success: () => t('units.reportCreated'),
    onSuccess: (r) => void navigate({ href: editPath(unit.urlId, r.year) }),
  });
  return (
    <FormDialog
      id="cfc-new-report"
      title={t('units.newReportTitle', { name: unit.name })}
      mutation={create}
      onSubmit={() => (chosen === undefined ? undefined : create.run(chosen))}
      onClose={onClose}
      maxWidth="xs"
      submitLabel={t('common:actions.create')}
      submitDisabled={chosen === undefined}
      submitTestId="cfc-new-report-save"
    >
      {years.length === 0 && settings.isSuccess ? (
        <Alert severity="info">{t('units.noYears')}</Alert>
      ) : (
        <TextField
          select
          label={t('units.year')}
          value={chosen ?? ''}
          onChange={(e) => setYear(Number(e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'cfc-new-report-year' } }}
        >
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
      )}
    </FormDialog>
  );
}
