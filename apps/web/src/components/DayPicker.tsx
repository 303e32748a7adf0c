import type { ReactNode } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { deDE, enUS } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import de from 'dayjs/locale/de';
import { useTranslation } from 'react-i18next';

// The adapter may see another copy of dayjs than this module (seen in tests and in the build),
// so the German field order is set explicitly rather than taken from the dayjs locale alone.
dayjs.locale(de, undefined, true);
const GERMAN_FORMATS = { keyboardDate: 'DD.MM.YYYY', normalDate: 'D. MMM', fullDate: 'D. MMMM YYYY' };
// English dates read day-month-year everywhere in the app (en-GB, e.g. "1 Mar 2026" in lists).
const ENGLISH_FORMATS = { keyboardDate: 'DD/MM/YYYY', normalDate: 'D MMM', fullDate: 'D MMMM YYYY' };

/** Date pickers in the UI language: German `TT.MM.JJJJ`, English `DD/MM/YYYY`, texts to match. */
export function DatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const localeText = (lang === 'en' ? enUS : deDE).components.MuiLocalizationProvider.defaultProps.localeText;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={lang}
      localeText={localeText}
      dateFormats={lang === 'de' ? GERMAN_FORMATS : ENGLISH_FORMATS}
    >
      {children}
    </LocalizationProvider>
  );
}

const toDay = (d: Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : null);
const fromDay = (s: string | null) => (s ? dayjs(s) : null);

/** A calendar day as `YYYY-MM-DD` (or null), the form the API takes; needs a DatesProvider above. */
export function DayPicker({
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  disabled,
}: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <DatePicker
      label={label}
      value={fromDay(value)}
      onChange={(d) => onChange(toDay(d))}
      disabled={disabled}
      slotProps={{
        // Wide enough for the whole date with both the clear and the calendar button.
        textField: { size: 'small', sx: { width: 200 }, error, helperText, required },
        field: { clearable: true },
      }}
    />
  );
}
