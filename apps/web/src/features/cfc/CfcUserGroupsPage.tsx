import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CfcAccessRight, CfcBusinessUnit, CfcReport } from '@klimadesk/contract/cfc/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useResetState } from '../../components/useResetState.ts';
import { UserGroupsPage } from '../user-groups/UserGroupsPage.tsx';

/** One right as the form edits it: `''` is "all" business units or reports. */
export type RightRow = { businessUnit: string; report: string; access: 'read' | 'write' };

export function rightToRow(r: Pick<CfcAccessRight, 'businessUnit' | 'report' | 'accessRights'>): RightRow {
  return {
    businessUnit: r.businessUnit ?? '',
    report: r.report ?? '',
    access: r.accessRights.includes('write') ? 'write' : 'read',
  };
}

/** Write implies read (seed 001 §6: read and write access to all or selected units and reports). */
export function rowToRight(r: RightRow) {
  return {
    businessUnit: r.businessUnit || null,
    report: r.businessUnit && r.report ? r.report : null,
    accessRights: r.access === 'write' ? (['read', 'write'] as const) : (['read'] as const),
  };
}

/**
 * `/cfc/user-groups` (seed 001 §2, §6): the company's user groups, and per group the carbon
 * footprint's access rights: read or write on all business units, one unit, or one report.
 */
export function CfcUserGroupsPage() {
  return (
    <>
      <UserGroupsPage />
      <Box sx={{ mt: 3 }}>
        <AccessRightsCard />
      </Box>
    </>
  );
}

function AccessRightsCard() {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const groups = useQuery({
    ...queryOptions('userGroups', { query: { pagination: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  const [group, setGroup] = useState('');
  const { rows, setRows, set, save } = useGroupRights(group);
  const units = useQuery({ ...queryOptions('cfcBusinessUnits'), select: (d) => d['hydra:member'] });
  const reports = useQuery({
    ...queryOptions('cfcReports', { query: { pagination: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  const canSave = can(me, 'cfcReplaceAccessRights');

  return (
    <SectionCard title={t('access.title')} description={t('access.text')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          select
          label={t('access.group')}
          value={group}
          onChange={(e) => {
            setGroup(e.target.value);
            setRows(null);
          }}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { 'data-testid': 'cfc-access-group' } }}
        >
          {(groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        {group === '' ? (
          <Typography color="text.secondary">{t('access.chooseGroup')}</Typography>
        ) : rows === null ? (
          <Skeleton height={80} />
        ) : (
          <>
            {rows.length === 0 && <Alert severity="info">{t('access.none')}</Alert>}
            {rows.map((r, i) => (
              <RightRowFields
                key={i}
                row={r}
                units={units.data ?? []}
                reports={reports.data ?? []}
                onChange={(patch) => set(i, patch)}
                onRemove={() => setRows((rs) => (rs ?? []).filter((_x, j) => j !== i))}
              />
            ))}
            {save.error && <Alert severity="error">{save.error}</Alert>}
            {canSave && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  startIcon={<Add />}
                  onClick={() =>
                    setRows((rs) => [...(rs ?? []), { businessUnit: '', report: '', access: 'read' }])
                  }
                  data-testid="cfc-access-add"
                >
                  {t('access.add')}
                </Button>
                <Button
                  variant="contained"
                  onClick={() => void save.run(rows)}
                  disabled={save.busy}
                  data-testid="cfc-access-save"
                >
                  {t('common:actions.save')}
                </Button>
              </Box>
            )}
          </>
        )}
      </Box>
    </SectionCard>
  );
}

/** A group's rights as loaded (again after a save), with the user's edits on top, and their save. */
function useGroupRights(group: string) {
  const { t } = useTranslation(['cfc', 'common']);
  const rights = useQuery({
    ...queryOptions('cfcAccessRights', { query: { group } }),
    enabled: group !== '',
    select: (d) => d['hydra:member'],
  });
  const [rows, setRows] = useResetState<RightRow[] | null>(
    () => rights.data?.map(rightToRow) ?? null,
    [rights.data],
  );
  const save = useApiMutation({
    mutate: (list: RightRow[]) =>
      call('cfcReplaceAccessRights', {
        params: { group },
        body: {
          rights: list.map((r) => ({ ...rowToRight(r), accessRights: [...rowToRight(r).accessRights] })),
        },
      }),
    invalidate: [['cfcAccessRights']],
    success: () => t('access.saved'),
  });
  // A new business unit clears the report, which belonged to the unit before.
  const set = (i: number, patch: Partial<RightRow>) =>
    setRows((rs) =>
      (rs ?? []).map((r, j) =>
        j === i ? { ...r, ...patch, ...(patch.businessUnit !== undefined ? { report: '' } : {}) } : r,
      ),
    );
  return { rows, setRows, set, save };
}

/** One right: business unit (or all), report of that unit (or all), read or write, and its removal. */
function RightRowFields({
  row,
  units,
  reports,
  onChange,
  onRemove,
}: {
  row: RightRow;
  units: CfcBusinessUnit[];
  reports: CfcReport[];
  onChange: (patch: Partial<RightRow>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 180px auto' },
        alignItems: 'center',
      }}
      data-testid="cfc-access-row"
    >
      <TextField
        select
        size="small"
        label={t('access.unit')}
        value={row.businessUnit}
        onChange={(e) => onChange({ businessUnit: e.target.value })}
      >
        <MenuItem value="">{t('access.allUnits')}</MenuItem>
        {units.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('access.report')}
        value={row.report}
        disabled={!row.businessUnit}
        onChange={(e) => onChange({ report: e.target.value })}
      >
        <MenuItem value="">{t('access.allReports')}</MenuItem>
        {reports
          .filter((x) => x.businessUnit.id === row.businessUnit)
          .map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.year}
            </MenuItem>
          ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('access.rights')}
        value={row.access}
        onChange={(e) => onChange({ access: e.target.value as RightRow['access'] })}
      >
        <MenuItem value="read">{t('access.read')}</MenuItem>
        <MenuItem value="write">{t('access.write')}</MenuItem>
      </TextField>
      <IconButton aria-label={t('common:actions.delete')} onClick={onRemove}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Box>
  );
}
