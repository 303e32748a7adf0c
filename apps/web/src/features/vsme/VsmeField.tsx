import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { VsmeDatapoint } from '@klimadesk/contract/vsme/catalogue';
import type { VsmeValue } from '@klimadesk/contract/vsme/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { parseNumber } from '../../components/format.ts';
import { useResetState } from '../../components/useResetState.ts';
import { fromShown, isNumeric, shownText } from './vsmeModel.ts';

export type Member = { qname: string; label: string };

export type FieldProps = {
  dp: VsmeDatapoint;
  value: VsmeValue | undefined;
  /** The members of an enumeration (the catalogue's domain of the datapoint). */
  members?: readonly Member[];
  /** The visible label; in a table cell the column says it, so the field gets an accessible name only. */
  label: string;
  hideLabel?: boolean;
  readOnly?: boolean;
  /** A new value (null: cleared); called when the field is left or a choice is made. */
  onCommit: (value: VsmeValue | null) => void;
  testId?: string;
};

/** The text a value shows while edited. */
function draftOf(dp: VsmeDatapoint, value: VsmeValue | undefined, lang: Language): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return isNumeric(dp.kind) ? shownText(dp.kind, value, lang) : String(value);
  if (typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? value.join(' ') : value;
}

/** One or several entries of the taxonomy's member list. */
function MemberField({ dp, value, members = [], label, hideLabel, readOnly, onCommit, testId }: FieldProps) {
  const byId = new Map(members.map((m) => [m.qname, m]));
  const chosen = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).map(
    (q) => byId.get(q) ?? { qname: q, label: q },
  );
  const input = (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      size="small"
      label={hideLabel ? undefined : label}
      slotProps={{
        ...params.slotProps,
        htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label, 'data-testid': testId },
      }}
    />
  );
  const common = {
    options: members as Member[],
    disabled: readOnly,
    getOptionLabel: (m: Member) => m.label,
    isOptionEqualToValue: (a: Member, b: Member) => a.qname === b.qname,
    renderInput: input,
  };
  return dp.kind === 'enum' ? (
    <Autocomplete {...common} value={chosen[0] ?? null} onChange={(_e, m) => onCommit(m ? m.qname : null)} />
  ) : (
    <Autocomplete
      {...common}
      multiple
      value={chosen}
      onChange={(_e, list) => onCommit(list.length ? list.map((m) => m.qname) : null)}
    />
  );
}

/** Yes, no, or nothing. */
function BooleanField({ value, label, hideLabel, readOnly, onCommit, testId }: FieldProps) {
  const { t } = useTranslation('vsme');
  return (
    <TextField
      size="small"
      fullWidth
      disabled={readOnly}
      label={hideLabel ? undefined : label}
      select
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onCommit(e.target.value === '' ? null : e.target.value === 'true')}
      slotProps={{ htmlInput: { 'aria-label': label, 'data-testid': testId } }}
    >
      <MenuItem value="">{t('field.none')}</MenuItem>
      <MenuItem value="true">{t('field.yes')}</MenuItem>
      <MenuItem value="false">{t('field.no')}</MenuItem>
    </TextField>
  );
}

/** Figures with their unit, texts and text blocks, dates and years: committed when left. */
function TypedField({ dp, value, label, hideLabel, readOnly, onCommit, testId }: FieldProps) {
  const { t } = useTranslation('vsme');
  const lang = currentLanguage();
  // A new value from the server (or another language) replaces what is typed.
  const [draft, setDraft] = useResetState(() => draftOf(dp, value, lang), [dp, value, lang]);
  const [invalid, setInvalid] = useResetState(() => false, [dp, value, lang]);
  const commitText = () => {
    const text = draft.trim();
    if (text === draftOf(dp, value, lang)) return;
    if (text === '') return onCommit(null);
    if (isNumeric(dp.kind)) {
      const n = parseNumber(text, lang);
      if (!Number.isFinite(n)) return setInvalid(true);
      return onCommit(fromShown(dp.kind, n));
    }
    if (dp.kind === 'year' && !/^\d{4}$/.test(text)) return setInvalid(true);
    onCommit(text);
  };
  const unit = isNumeric(dp.kind) && dp.kind !== 'decimal' ? t(`units.${dp.kind}`) : '';
  return (
    <TextField
      size="small"
      fullWidth
      disabled={readOnly}
      label={hideLabel ? undefined : label}
      value={draft}
      type={dp.kind === 'date' ? 'date' : 'text'}
      multiline={dp.kind === 'textBlock'}
      minRows={dp.kind === 'textBlock' ? 3 : undefined}
      error={invalid}
      helperText={invalid ? t(dp.kind === 'year' ? 'field.invalidYear' : 'field.invalidNumber') : undefined}
      onChange={(e) => {
        setDraft(e.target.value);
        setInvalid(false);
      }}
      onBlur={commitText}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && dp.kind !== 'textBlock') (e.target as HTMLInputElement).blur();
      }}
      slotProps={{
        inputLabel: dp.kind === 'date' ? { shrink: true } : undefined,
        htmlInput: {
          'aria-label': label,
          'data-testid': testId,
          inputMode: isNumeric(dp.kind) || dp.kind === 'year' ? 'decimal' : undefined,
          style: isNumeric(dp.kind) ? { textAlign: 'right' } : undefined,
        },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

/**
 * One field of a VSME datapoint, chosen by its kind (issue 40): figures with their unit, yes/no,
 * text and text blocks, dates and years, one or several entries of the taxonomy's member list.
 * Every datapoint of every disclosure is entered through this one renderer.
 */
export function VsmeField(props: FieldProps) {
  if (props.dp.kind === 'enum' || props.dp.kind === 'enumSet') return <MemberField {...props} />;
  if (props.dp.kind === 'boolean') return <BooleanField {...props} />;
  return <TypedField {...props} />;
}
