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
  const [format, setFormat] = useState<(typeof STATEMENT_FORMATS)[number]>('pdf');
  const [lang, setLang] = useState<Language>(currentLanguage());
  const [busy, setBusy] = useState(false);
  const term = useDebounced(input.trim(), SUGGESTION_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...suggestionQuery('filterShipmentShippers', term),
    select: (d) => d['hydra:member'].map((x) => x.value),
    enabled: !disabled,
  });
  const options = [...new Set([...(suggestions.data ?? []), ...shippers])];
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
          <DayPicker
            label={t('statement.from')}
            value={from}
            onChange={(d) => setFrom(d ?? '')}
            required
            disabled={disabled}
          />
          <DayPicker
            label={t('statement.to')}
            value={to}
            onChange={(d) => setTo(d ?? '')}
            error={invalid}
            helperText={invalid ? t('statement.invalidRange') : undefined}
            required
            disabled={disabled}
          />
          <FormControl disabled={disabled}>
            <FormLabel id="statement-format" sx={{ fontSize: '0.8rem' }}>
              {t('statement.format')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="statement-format"
              value={format}
              onChange={(e) => setFormat(e.target.value as typeof format)}
            >
              {STATEMENT_FORMATS.map((f) => (
                <FormControlLabel
                  key={f}
                  value={f}
                  control={<Radio size="small" />}
                  label={f.toUpperCase()}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            select
            size="small"
            label={t('statement.language')}
            value={lang}
            onChange={(e) => setLang(e.target.value as Language)}
            sx={{ width: 140 }}
            disabled={disabled}
          >
            {LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`statement.languages.${l}`)}
              </MenuItem>
            ))}
          </TextField>
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
