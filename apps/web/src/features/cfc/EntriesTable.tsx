import type { Dispatch, SetStateAction } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { CfcEntry } from '@klimadesk/contract/cfc/schemas';
import { can } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { RowActionButtons, editAction } from '../../components/EntityListPage.tsx';
import { formatFigure } from '../../components/format.ts';
import { unitName } from '../emission-db/emissionDb.ts';
import { EntryTraceLine, MarketTraceLine, RestatementNotice } from './EntryTrace.tsx';
import { formatTonnes } from './cfc.ts';

export type EntriesTableProps = {
  pending: boolean;
  rows: CfcEntry[];
  canWrite: boolean;
  /** Whether the section counts its entries market-based (scope 2 with the switch on). */
  marketBased: boolean;
  selected: string[];
  setSelected: Dispatch<SetStateAction<string[]>>;
  onEdit: (entry: CfcEntry) => void;
  onDocuments: (entry: CfcEntry) => void;
};

/** A section's entries with their figures, selectable for deletion where the user may write. */
export function EntriesTable({ pending, rows, canWrite, selected, setSelected, ...row }: EntriesTableProps) {
  const { t } = useTranslation(['cfc', 'common']);
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  if (pending) return <Skeleton variant="rounded" height={160} />;
  if (rows.length === 0)
    return (
      <Box
        sx={{
          p: 4,
          textAlign: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
          bgcolor: 'background.paper',
        }}
      >
        <Typography color="text.secondary">{t('entries.empty')}</Typography>
      </Box>
    );
  return (
    <Box
      sx={{
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
      }}
      component="section"
      tabIndex={0}
      aria-label={t('entries.tableLabel')}
    >
      <Table size="small" aria-label={t('entries.tableLabel')} data-testid="cfc-entries">
        <TableHead>
          <TableRow>
            {canWrite && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={selected.length > 0 && !allSelected}
                  onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
                  slotProps={{ input: { 'aria-label': t('entries.selectAll') } }}
                />
              </TableCell>
            )}
            <TableCell>{t('entries.fields.activity')}</TableCell>
            <TableCell align="right">{t('entries.fields.amount')}</TableCell>
            <TableCell>{t('entries.fields.dataSource')}</TableCell>
            <TableCell align="center">{t('entries.qualityShort')}</TableCell>
            <TableCell align="right">{t('entries.co2e')}</TableCell>
            <TableCell align="right">{t('entries.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <EntryRow
              key={e.id}
              e={e}
              canWrite={canWrite}
              isSelected={selected.includes(e.id)}
              onToggle={() =>
                setSelected((s) => (s.includes(e.id) ? s.filter((x) => x !== e.id) : [...s, e.id]))
              }
              {...row}
            />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

type EntryRowProps = Pick<EntriesTableProps, 'canWrite' | 'marketBased' | 'onEdit' | 'onDocuments'> & {
  e: CfcEntry;
  isSelected: boolean;
  onToggle: () => void;
};

function EntryRow({ e, canWrite, marketBased, isSelected, onToggle, onEdit, onDocuments }: EntryRowProps) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const name = e.activityName ?? e.emissionFactorName ?? '–';
  return (
    <TableRow hover selected={isSelected} data-testid="cfc-entry-row">
      {canWrite && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={isSelected}
            onChange={onToggle}
            slotProps={{ input: { 'aria-label': t('entries.select', { name }) } }}
          />
        </TableCell>
      )}
      <EntryActivityCell e={e} name={name} canWrite={canWrite} />
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {e.amount === null ? '–' : `${formatFigure(e.amount, lang, 3)} ${unitName(e.unit ?? '', lang)}`}
      </TableCell>
      <TableCell>{e.dataSource ?? '–'}</TableCell>
      <TableCell align="center">{e.dataQuality ?? '–'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="cfc-entry-co2e">
        <EntryFigure e={e} marketBased={marketBased} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('documents.open')}>
          <IconButton
            size="small"
            onClick={() => onDocuments(e)}
            aria-label={t('documents.openAria', { name })}
          >
            <AttachFileOutlined fontSize="small" />
            {e.documents.length > 0 && (
              <Typography variant="caption" sx={{ ml: 0.25 }}>
                {e.documents.length}
              </Typography>
            )}
          </IconButton>
        </Tooltip>
        {canWrite && (
          <RowActionButtons actions={[editAction(t('entries.editAria', { name }), () => onEdit(e))]} />
        )}
      </TableCell>
    </TableRow>
  );
}

/** The activity with its factor and source, the factor's trace, and scope 2 both ways. */
function EntryActivityCell({ e, name, canWrite }: { e: CfcEntry; name: string; canWrite: boolean }) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  return (
    <TableCell sx={{ minWidth: 240 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      {(e.factor !== null || e.origin) && (
        <Typography variant="caption" color="text.secondary">
          {e.factor !== null &&
            `${formatFigure(e.factor, lang)} kg CO₂e / ${unitName(e.factorUnit ?? '', lang)}${e.factorSource ? ` · ${e.factorSource}` : ''}`}
          {e.origin && ` · ${t('entries.fromFreight')}`}
        </Typography>
      )}
      <EntryTraceLine entry={e} />
      <RestatementNotice entry={e} canWrite={canWrite && can(me, 'cfcRestateEntry')} />
      {e.marketBasis && e.co2eKg !== null && e.co2eMarketKg !== null && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="cfc-entry-scope2">
          {t('entries.scope2Both', {
            location: formatTonnes(e.co2eKg, lang),
            market: formatTonnes(e.co2eMarketKg, lang),
            basis: t(`entries.marketBasis.${e.marketBasis}`),
          })}
        </Typography>
      )}
      <MarketTraceLine entry={e} />
    </TableCell>
  );
}

/** The entry's figure as the section counts it, or why it has none ("no factor" is never 0). */
function EntryFigure({ e, marketBased }: { e: CfcEntry; marketBased: boolean }) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  if (e.errorCode)
    return (
      <Tooltip title={t(`entries.codes.${e.errorCode}`)}>
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<ErrorOutline />}
          label={t(`entries.short.${e.errorCode}`)}
          data-testid="cfc-entry-code"
        />
      </Tooltip>
    );
  const kg = marketBased ? e.co2eMarketKg : e.co2eKg;
  return kg === null ? '–' : formatTonnes(kg, lang);
}
