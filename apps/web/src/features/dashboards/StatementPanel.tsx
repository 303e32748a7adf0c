import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@klimadesk/contract/constants';
import { STATEMENT_FORMATS } from '@klimadesk/contract/statements/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { rangeInvalid, type DateRange } from '../../components/emissionFilters.ts';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { SUGGESTION_DEBOUNCE_MS, suggestionQuery } from '../../components/EmissionFilterBar.tsx';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { downloadStatement } from './dashboardsApi.ts';

const today = () => new Date().toISOString().slice(0, 10);
const startOfYear = () => `${new Date().getFullYear()}-01-01`;

type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The shippers the server suggests for what was typed, then the dashboard's own. */
function useShipperOptions(input: string, shippers: string[], disabled: boolean | undefined) {
  const term = useDebounced(input.trim(), SUGGESTION_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...suggestionQuery('filterShipmentShippers', term),
    select: (d) => d['hydra:member'].map((x) => x.value),
    enabled: !disabled,
  });
  return [...new Set([...(suggestions.data ?? []), ...shippers])];
}

/** The statement's period; an empty day is kept as `''`. */
function PeriodFields({
  from,
  to,
  onFrom,
  onTo,
  invalid,
  disabled,
}: {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  invalid: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <>
      <DayPicker
        label={t('statement.from')}
        value={from}
        onChange={(d) => onFrom(d ?? '')}
        required
        disabled={disabled}
      />
      <DayPicker
        label={t('statement.to')}
        value={to}
        onChange={(d) => onTo(d ?? '')}
        error={invalid}
        helperText={invalid ? t('statement.invalidRange') : undefined}
        required
        disabled={disabled}
      />
    </>
  );
}

function FormatChoice({
  value,
  onChange,
  disabled,
}: {
  value: StatementFormat;
  onChange: (format: StatementFormat) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <FormControl disabled={disabled}>
      <FormLabel id="statement-format" sx={{ fontSize: '0.8rem' }}>
        {t('statement.format')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby="statement-format"
        value={value}
        onChange={(e) => onChange(e.target.value as StatementFormat)}
      >
        {STATEMENT_FORMATS.map((f) => (
          <FormControlLabel key={f} value={f} control={<Radio size="small" />} label={f.toUpperCase()} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function LanguageChoice({
  value,
  onChange,
  disabled,
}: {
  value: Language;
  onChange: (lang: Language) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <TextField
      select
      size="small"
      label={t('statement.language')}
      value={value}
      onChange={(e) => onChange(e.target.value as Language)}
      sx={{ width: 140 }}
      disabled={disabled}
    >
      {LANGUAGES.map((l) => (
        <MenuItem key={l} value={l}>
          {t(`statement.languages.${l}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The shipper emission statement (ISO 14083 / GLEC v3.1) for one shipper and a period, as PDF or
 * xlsx in German or English. The period starts as the dashboard's date range.
 */
export function StatementPanel({
  shippers,
  range,
  disabled,
}: {
  shippers: string[];
  range: DateRange;
  disabled?: boolean;
}) {
  const { t } = useTranslation('dashboards');
  const [shipper, setShipper] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const [from, setFrom] = useState(range.from ?? startOfYear());
  const [to, setTo] = useState(range.to ?? today());
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const [lang, setLang] = useState<Language>(currentLanguage());
  const [busy, setBusy] = useState(false);
  const options = useShipperOptions(input, shippers, disabled);
  const invalid = rangeInvalid({ from: from || null, to: to || null });

  const download = async () => {
    if (!shipper) return;
    setBusy(true);
    try {
      const name = await downloadStatement({ shipper, from, to, format, lang });
      notify(t('statement.downloaded', { name }));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title={t('statement.title')} description={t('statement.description')}>
      <DatesProvider>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void download();
          }}
          sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
          data-testid="statement-form"
        >
          <Autocomplete
            size="small"
            options={options}
            value={shipper}
            onChange={(_e, v) => setShipper(v)}
            inputValue={input}
            onInputChange={(_e, v) => setInput(v)}
            sx={{ minWidth: 240, flex: '1 1 240px', maxWidth: 360 }}
            disabled={disabled}
            renderInput={(params) => <TextField {...params} label={t('statement.shipper')} required />}
          />
          <PeriodFields
            from={from}
            to={to}
            onFrom={setFrom}
            onTo={setTo}
            invalid={invalid}
            disabled={disabled}
          />
          <FormatChoice value={format} onChange={setFormat} disabled={disabled} />
          <LanguageChoice value={lang} onChange={setLang} disabled={disabled} />
          <Button
            type="submit"
            variant="contained"
            startIcon={<DescriptionOutlined />}
            disabled={disabled || busy || !shipper || invalid || !from || !to}
            data-testid="statement-download"
          >
            {t('statement.download')}
          </Button>
        </Box>
      </DatesProvider>
    </SectionCard>
  );
}
