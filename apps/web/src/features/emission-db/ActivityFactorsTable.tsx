import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityDetail, Factor } from '@klimadesk/contract/emission-db/schemas';
import { call, can } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { CreateButton } from '../../components/EntityListPage.tsx';
import { useCountries } from '../../components/form.tsx';
import { formatFigure } from '../../components/format.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { FACTOR_KEYS, periodText, unitName } from './emissionDb.ts';

/** Edit and delete of a factor, each named after its period. */
function FactorActions({
  period,
  onEdit,
  onDelete,
}: {
  period: string;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  const { t } = useTranslation(['emissionDb', 'common']);
  return (
    <Box sx={{ display: 'inline-flex' }}>
      {onEdit && (
        <Tooltip title={t('common:actions.edit')}>
          <IconButton size="small" aria-label={t('factors.editAria', { period })} onClick={onEdit}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title={t('common:actions.delete')}>
          <IconButton size="small" aria-label={t('factors.deleteAria', { period })} onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/** One factor: figures with version and GWP set, country, period, source, provider, visibility. */
function FactorRow({
  f,
  countryName,
  onEdit,
  onDelete,
}: {
  f: Factor;
  countryName: (code: string | null) => string;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const period = periodText(f, lang, t);
  return (
    <TableRow hover>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatFigure(f.co2Factor, lang)} / {unitName(f.baseUnit, lang)}
        <Typography variant="caption" color="text.secondary" component="div" data-testid="factor-version">
          {[t('factor.versionOf', { version: f.version }), f.gwpSet ? `GWP100 ${f.gwpSet}` : null]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {f.wttFactor == null ? '–' : formatFigure(f.wttFactor, lang)}
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>{countryName(f.countryId)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{period}</TableCell>
      <TableCell sx={{ minWidth: 260 }}>
        {f.source?.name ?? '–'}
        {f.sourceVersion && (
          <Typography variant="caption" color="text.secondary" component="div">
            {f.sourceVersion.version}
          </Typography>
        )}
      </TableCell>
      <TableCell>{f.provider?.name ?? f.company?.name ?? '–'}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={f.isPublic ? 'success' : 'default'}
          label={f.isPublic ? t('public') : t('private')}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <FactorActions period={period} onEdit={onEdit} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

function FactorTableHead() {
  const { t } = useTranslation(['emissionDb', 'common']);
  return (
    <TableHead>
      <TableRow>
        <TableCell align="right">{t('factors.columns.co2Factor')}</TableCell>
        <TableCell align="right">{t('factors.columns.wtt')}</TableCell>
        <TableCell>{t('factors.columns.country')}</TableCell>
        <TableCell>{t('factors.columns.period')}</TableCell>
        <TableCell>{t('factors.columns.source')}</TableCell>
        <TableCell>{t('factors.columns.provider')}</TableCell>
        <TableCell>{t('factors.columns.visibility')}</TableCell>
        <TableCell align="right">{t('activities.columns.actions')}</TableCell>
      </TableRow>
    </TableHead>
  );
}

/** The factors of an activity with add, edit and delete (seed 002 §2 activity editor). */
export function ActivityFactorsTable({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const { data: countries = [] } = useCountries();
  const countryName = (code: string | null) =>
    code ? (countries.find((c) => c.code === code)?.name ?? code) : t('allCountries');
  const base = `/emission-db/edit-activity/${activity.id}`;
  const remove = useConfirmedWrite<Factor>({
    mutate: (f) => call('deleteEmissionFactor', { params: { id: f.id } }),
    invalidate: FACTOR_KEYS,
    success: () => t('factors.deleted'),
    confirm: (f) =>
      deleteConfirm(t('factors.deleteTitle'), t('factors.deleteText', { period: periodText(f, lang, t) })),
  });
  const canAdd = can(me, 'createEmissionFactor');
  const canEdit = can(me, 'updateEmissionFactor');
  const canDelete = can(me, 'deleteEmissionFactor');
  // Newest period first, then by country.
  const factors = [...activity.factors].sort(
    (a, b) => b.validFrom.localeCompare(a.validFrom) || (a.countryId ?? '').localeCompare(b.countryId ?? ''),
  );

  return (
    <SectionCard
      title={t('factors.title')}
      actions={
        canAdd ? (
          <CreateButton
            label={t('factors.add')}
            onClick={() => void navigate({ href: `${base}/new-factor` })}
            testId="factor-add"
          />
        ) : undefined
      }
    >
      {factors.length === 0 ? (
        <Typography color="text.secondary">{t('factors.empty')}</Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table
            size="small"
            aria-label={t('factors.tableLabel')}
            data-testid="factor-table"
            sx={{ minWidth: 960 }}
          >
            <FactorTableHead />
            <TableBody>
              {factors.map((f) => (
                <FactorRow
                  key={f.id}
                  f={f}
                  countryName={countryName}
                  onEdit={canEdit ? () => void navigate({ href: `${base}/${f.id}` }) : null}
                  onDelete={canDelete ? () => remove.ask(f) : null}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {remove.dialog}
    </SectionCard>
  );
}
