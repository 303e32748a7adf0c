import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { YEAR_MAX, YEAR_MIN } from '@klimadesk/contract/constants';
import type { VsmeCatalogue, VsmeDisclosureCode } from '@klimadesk/contract/vsme/catalogue';
import type { VsmeReport } from '@klimadesk/contract/vsme/schemas';
import { call } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';

export const VSME_KEYS = [['vsmeReports'], ['getVsmeReport'], ['vsmeReportValidation']] as const;
const SCHEMES = ['lei', 'euid', 'duns', 'permid'] as const;
type Scheme = (typeof SCHEMES)[number];

function IdentifierFields({
  scheme,
  identifier,
  onScheme,
  onIdentifier,
}: {
  scheme: Scheme;
  identifier: string;
  onScheme: (s: Scheme) => void;
  onIdentifier: (v: string) => void;
}) {
  const { t } = useTranslation('vsme');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' } }}>
      <TextField
        select
        label={t('create.scheme')}
        value={scheme}
        onChange={(e) => onScheme(e.target.value as Scheme)}
      >
        {SCHEMES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`create.schemes.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('create.identifier')}
        value={identifier}
        onChange={(e) => onIdentifier(e.target.value.trim().toUpperCase())}
        helperText={t('create.identifierHint')}
        slotProps={{ htmlInput: { 'data-testid': 'vsme-identifier', maxLength: 60 } }}
      />
    </Box>
  );
}

/** A new VSME report of a year (one per year: ReportForYearExists). */
export function VsmeCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (r: VsmeReport) => void;
}) {
  const { t } = useTranslation(['vsme', 'common']);
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  const [comprehensive, setComprehensive] = useState(false);
  const [scheme, setScheme] = useState<Scheme>('lei');
  const [identifier, setIdentifier] = useState('');
  const yearNumber = Number(year);
  const yearValid = /^\d{4}$/.test(year) && yearNumber >= YEAR_MIN && yearNumber <= YEAR_MAX;
  const save = useApiMutation({
    mutate: () =>
      call('createVsmeReport', {
        body: {
          year: yearNumber,
          comprehensive,
          identifierScheme: scheme,
          ...(identifier ? { identifier } : {}),
        },
      }),
    invalidate: VSME_KEYS,
    success: (r) => t('list.created', { year: r.year }),
    onSuccess: (r) => {
      onClose();
      onCreated(r);
    },
  });
  return (
    <FormDialog
      id="vsme-report-create"
      title={t('create.title')}
      mutation={save}
      onSubmit={() => (yearValid ? save.run() : undefined)}
      onClose={onClose}
      requiredHint
      submitLabel={t('common:actions.create')}
      submitDisabled={!yearValid}
      submitTestId="vsme-create-save"
    >
      <TextField
        label={t('list.year')}
        value={year}
        required
        onChange={(e) => setYear(e.target.value.trim())}
        error={!yearValid}
        helperText={yearValid ? undefined : t('create.yearInvalid', { min: YEAR_MIN, max: YEAR_MAX })}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'vsme-year' } }}
        sx={{ maxWidth: 200 }}
      />
      <FormControlLabel
        control={<Checkbox checked={comprehensive} onChange={(e) => setComprehensive(e.target.checked)} />}
        label={t('create.comprehensive')}
      />
      <IdentifierFields
        scheme={scheme}
        identifier={identifier}
        onScheme={setScheme}
        onIdentifier={setIdentifier}
      />
      <Alert severity="info">{t('create.prefillHint')}</Alert>
    </FormDialog>
  );
}

/** The reporting period's first and last day. */
function PeriodFields(p: {
  start: string;
  end: string;
  onStart: (v: string) => void;
  onEnd: (v: string) => void;
}) {
  const { t } = useTranslation('vsme');
  const day = (label: string, value: string, onChange: (v: string) => void) => (
    <TextField
      type="date"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {day(t('settings.periodStart'), p.start, p.onStart)}
      {day(t('settings.periodEnd'), p.end, p.onEnd)}
    </Box>
  );
}

/** The disclosures of the report's option, each to be marked as not applicable to the company. */
function NotApplicableFields({
  catalogue,
  comprehensive,
  chosen,
  onToggle,
}: {
  catalogue: VsmeCatalogue;
  comprehensive: boolean;
  chosen: readonly VsmeDisclosureCode[];
  onToggle: (code: VsmeDisclosureCode) => void;
}) {
  const { t } = useTranslation('vsme');
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <FormLabel component="legend">{t('settings.notApplicable')}</FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('settings.notApplicableHint')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {catalogue.disclosures
          .filter((d) => d.module === 'basic' || comprehensive)
          .map((d) => (
            <FormControlLabel
              key={d.code}
              control={<Checkbox checked={chosen.includes(d.code)} onChange={() => onToggle(d.code)} />}
              label={`${d.code} ${d.label}`}
            />
          ))}
      </Box>
    </Box>
  );
}

/** Option, period, identifier and the disclosures not applicable to the company. */
export function VsmeSettingsDialog({
  report,
  catalogue,
  onClose,
}: {
  report: VsmeReport;
  catalogue: VsmeCatalogue;
  onClose: () => void;
}) {
  const { t } = useTranslation(['vsme', 'common']);
  const [comprehensive, setComprehensive] = useState(report.comprehensive);
  const [periodStart, setStart] = useState(report.periodStart);
  const [periodEnd, setEnd] = useState(report.periodEnd);
  const [scheme, setScheme] = useState<Scheme>(report.identifierScheme);
  const [identifier, setIdentifier] = useState(report.identifier ?? '');
  const [notApplicable, setNotApplicable] = useState<VsmeDisclosureCode[]>(report.notApplicable);
  const save = useApiMutation({
    mutate: () =>
      call('updateVsmeReport', {
        params: { id: report.id },
        body: {
          comprehensive,
          periodStart,
          periodEnd,
          identifierScheme: scheme,
          identifier: identifier || null,
          notApplicable,
        },
      }),
    invalidate: VSME_KEYS,
    success: t('settings.saved', { year: report.year }),
    onSuccess: onClose,
  });
  const toggle = (code: VsmeDisclosureCode) =>
    setNotApplicable((list) => (list.includes(code) ? list.filter((c) => c !== code) : [...list, code]));
  return (
    <FormDialog
      id="vsme-report-settings"
      title={t('settings.title', { year: report.year })}
      mutation={save}
      onSubmit={() => save.run()}
      onClose={onClose}
      submitDisabled={!periodStart || !periodEnd}
      submitTestId="vsme-settings-save"
    >
      <FormControlLabel
        control={<Checkbox checked={comprehensive} onChange={(e) => setComprehensive(e.target.checked)} />}
        label={t('create.comprehensive')}
      />
      <PeriodFields start={periodStart} end={periodEnd} onStart={setStart} onEnd={setEnd} />
      <IdentifierFields
        scheme={scheme}
        identifier={identifier}
        onScheme={setScheme}
        onIdentifier={setIdentifier}
      />
      <NotApplicableFields
        catalogue={catalogue}
        comprehensive={comprehensive}
        chosen={notApplicable}
        onToggle={toggle}
      />
    </FormDialog>
  );
}

/** The reason for a value that differs from the carbon footprint (asked before the value is saved). */
export function ReasonDialog({
  footprint,
  entered,
  onSave,
  onClose,
}: {
  footprint: string;
  entered: string;
  onSave: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('vsme');
  const [reason, setReason] = useState('');
  const save = useApiMutation({ mutate: () => onSave(reason.trim()), onSuccess: onClose, log: false });
  return (
    <FormDialog
      id="vsme-override-reason"
      title={t('reason.title')}
      mutation={save}
      onSubmit={() => (reason.trim() ? save.run() : undefined)}
      onClose={onClose}
      submitLabel={t('reason.save')}
      submitDisabled={!reason.trim()}
      submitTestId="vsme-reason-save"
    >
      <Typography variant="body2">{t('reason.text', { value: footprint, entered })}</Typography>
      <TextField
        label={t('reason.label')}
        value={reason}
        required
        multiline
        minRows={2}
        onChange={(e) => setReason(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'vsme-reason', maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
