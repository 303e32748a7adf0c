import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { CSRD_UNITS } from '@klimadesk/contract/csrd/reference';
import type { PhaseIn } from '@klimadesk/contract/csrd/reliefs';
import type { DisclosureRequirement, IndicatorValue } from '@klimadesk/contract/csrd/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { formatFigure } from '../../components/format.ts';
import { E1_6 } from './cfcTakeOver.ts';
import { E16Statement } from './E16Statement.tsx';
import { IndicatorFiles } from './IndicatorFiles.tsx';
import { inBaseUnit, isNumberValid, type ValueDraft } from './reportDrafts.ts';
import { TableEditor } from './TableEditor.tsx';

type PanelProps = {
  report: string;
  dr: DisclosureRequirement;
  draft: ValueDraft;
  stored: IndicatorValue | undefined;
  isVoluntary: boolean;
  phaseIn: PhaseIn | null;
  canWrite: boolean;
  onChange: (patch: Partial<ValueDraft>) => void;
};

/**
 * A disclosure requirement of the topic with its value: number with unit (where the requirement
 * has a unit type), text, table and files; open when it holds a value or asks for a number.
 */
export function RequirementPanel({
  report,
  dr,
  draft: d,
  stored,
  isVoluntary,
  phaseIn,
  canWrite,
  onChange,
}: PanelProps) {
  const { t } = useTranslation(['csrd', 'common']);
  const hasValue = !!stored || d.numeric !== '' || d.text !== '' || d.table.length > 0;
  return (
    <Accordion
      disableGutters
      defaultExpanded={hasValue || dr.unitType !== null}
      data-testid={`indicator-${dr.code}`}
    >
      <AccordionSummary expandIcon={<ExpandMore />}>
        <RequirementSummary dr={dr} stored={stored} isVoluntary={isVoluntary} phaseIn={phaseIn} />
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 2 }}>
        {dr.code === E1_6 && <E16Statement report={report} value={stored} canWrite={canWrite} />}
        {dr.unitType && (
          <NumberFields dr={dr} draft={d} stored={stored} canWrite={canWrite} onChange={onChange} />
        )}
        <TextField
          size="small"
          label={t('indicator.text')}
          value={d.text}
          disabled={!canWrite}
          onChange={(e) => onChange({ text: e.target.value })}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': `indicator-text-${dr.code}` } }}
        />
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('indicator.table')}
          </Typography>
          <TableEditor
            value={d.table}
            disabled={!canWrite}
            onChange={(table) => onChange({ table })}
            label={t('indicator.tableOf', { code: dr.code })}
          />
        </Box>
        {stored ? (
          <IndicatorFiles value={stored} canWrite={canWrite} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('files.afterSave')}
          </Typography>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** The requirement's code (filled once it holds a value), title, and its voluntary and phase-in marks. */
function RequirementSummary({
  dr,
  stored,
  isVoluntary,
  phaseIn,
}: Pick<PanelProps, 'dr' | 'stored' | 'isVoluntary' | 'phaseIn'>) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={dr.code}
        color={stored ? 'primary' : 'default'}
        variant={stored ? 'filled' : 'outlined'}
      />
      <Typography sx={{ fontWeight: 600 }}>{dr.title}</Typography>
      {isVoluntary && (
        <Chip
          size="small"
          variant="outlined"
          label={t('scopeEntry.voluntary')}
          title={t('scopeEntry.voluntaryHint')}
          data-testid={`voluntary-${dr.code}`}
        />
      )}
      {phaseIn && (
        <Chip
          size="small"
          color="info"
          variant="outlined"
          label={t('reliefs.phasedIn')}
          title={phaseIn.note[lang]}
          data-testid={`phase-in-${dr.code}`}
        />
      )}
    </Box>
  );
}

/** The number as typed with its unit; a stored figure in another unit shows in the base unit too. */
function NumberFields({
  dr,
  draft: d,
  stored,
  canWrite,
  onChange,
}: Pick<PanelProps, 'dr' | 'draft' | 'stored' | 'canWrite' | 'onChange'>) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const numberOk = isNumberValid(d, lang);
  const units = dr.unitType ? CSRD_UNITS.filter((u) => u.unitType === dr.unitType) : [];
  const base =
    stored?.numericValue != null && stored.unit ? inBaseUnit(stored.numericValue, stored.unit) : null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={t('indicator.value')}
        value={d.numeric}
        disabled={!canWrite}
        onChange={(e) => onChange({ numeric: e.target.value })}
        error={!numberOk}
        helperText={
          !numberOk
            ? t('indicator.numberInvalid')
            : base
              ? t('indicator.inBase', {
                  value: formatFigure(base.value, lang, 3),
                  unit: base.unit,
                })
              : undefined
        }
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': `indicator-number-${dr.code}` },
        }}
        sx={{ width: 200 }}
      />
      <TextField
        select
        size="small"
        label={t('indicator.unit')}
        value={d.unit}
        disabled={!canWrite}
        onChange={(e) => onChange({ unit: e.target.value })}
        sx={{ width: 140 }}
        slotProps={{ htmlInput: { 'data-testid': `indicator-unit-${dr.code}` } }}
      >
        {units.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {t(`units.${u.id}`, { defaultValue: u.id })}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
