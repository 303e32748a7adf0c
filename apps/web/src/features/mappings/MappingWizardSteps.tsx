import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
import {
  CSV_DELIMITERS,
  DATE_FORMATS,
  DECIMAL_SEPARATORS,
  MAPPING_CATEGORIES,
  MAPPING_FORMATS,
  MAPPING_STATUS,
  QUANTITY_FIELDS,
  QUANTITY_UNITS,
  REQUIRED_FIELDS,
  type FormatOptions,
  type QuantityUnit,
} from '@klimadesk/contract/mappings/schemas';
import { NameField } from '../../components/NameField.tsx';
import { FilePicker } from './FilePicker.tsx';
import type { WizardColumns, WizardTemplate } from './mappingWizardState.ts';
import { SampleFigures } from './SampleFigures.tsx';
import { TemplateDownloads } from './TemplateDownloads.tsx';
import {
  ACCEPT,
  fieldLabel,
  rowCodeHint,
  rowCodeText,
  type Mapping,
  type MappingCategory,
  type MappingField,
  type MappingFormat,
  type SampleValidation,
} from './mappingsApi.ts';

const NONE = '';

/** Field choices of one column: grouped like the server groups them, required ones marked. */
function fieldOptions(fields: MappingField[], taken: Set<string>, own: string, t: (k: string) => string) {
  const out: ReactNode[] = [
    <MenuItem key="none" value={NONE}>
      <em>{t('wizard.notMapped')}</em>
    </MenuItem>,
  ];
  let group = '';
  for (const f of fields) {
    if (f.group !== group) {
      group = f.group;
      out.push(<ListSubheader key={`g-${group}`}>{t(`groups.${group}`)}</ListSubheader>);
    }
    out.push(
      <MenuItem key={f.id} value={f.id} disabled={taken.has(f.id) && f.id !== own}>
        {fieldLabel(f.id)}
        {f.required && (
          <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.5 }}>
            *
          </Box>
        )}
      </MenuItem>,
    );
  }
  return out;
}

function RequiredChip({ label, done }: { label: string; done: boolean }) {
  const { t } = useTranslation('mappings');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={done ? 'success' : 'default'}
      icon={done ? <CheckCircleOutline /> : <RadioButtonUnchecked />}
      label={label}
      aria-label={`${label}: ${t(done ? 'wizard.mapped' : 'wizard.missing')}`}
      // A long "one of" label wraps on a phone instead of widening the dialog.
      sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/** A select of one of the CSV options. */
function OptionSelect({
  label,
  value,
  values,
  onChange,
  text = (v) => v,
}: {
  label: string;
  value: string;
  values: readonly string[];
  onChange: (v: string) => void;
  text?: (v: string) => string;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 180 }}
    >
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {text(v)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The category of the template; stored columns belong to it, so it is fixed once the template exists. */
function CategoryChoice({
  value,
  disabled,
  onChange,
}: {
  value: MappingCategory;
  disabled: boolean;
  onChange: (c: MappingCategory) => void;
}) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <Box>
      <FormLabel id="wizard-category">{t('wizard.category')}</FormLabel>
      <RadioGroup
        aria-labelledby="wizard-category"
        value={value}
        onChange={(e) => onChange(e.target.value as MappingCategory)}
      >
        {MAPPING_CATEGORIES.map((c) => (
          <FormControlLabel
            key={c}
            value={c}
            // Stored columns belong to a category: it is fixed once the template exists.
            disabled={disabled}
            control={<Radio />}
            label={
              <Box>
                <Typography>{t(`categories.${c}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`categories.${c}Help`)}
                </Typography>
              </Box>
            }
            sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.5 } }}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

/** The CSV options: delimiter, decimal separator and date format. */
function CsvOptions({ options, onChange }: { options: FormatOptions; onChange: (o: FormatOptions) => void }) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <>
      <OptionSelect
        label={t('wizard.delimiter')}
        value={options.delimiter}
        values={CSV_DELIMITERS}
        onChange={(v) => onChange({ ...options, delimiter: v as FormatOptions['delimiter'] })}
        text={(v) =>
          t(`delimiters.${{ ';': 'semicolon', ',': 'comma', '\t': 'tab', '|': 'pipe' }[v] ?? 'semicolon'}`)
        }
      />
      <OptionSelect
        label={t('wizard.decimalSeparator')}
        value={options.decimalSeparator}
        values={DECIMAL_SEPARATORS}
        onChange={(v) => onChange({ ...options, decimalSeparator: v as FormatOptions['decimalSeparator'] })}
        text={(v) => t(v === ',' ? 'delimiters.comma' : 'delimiters.dot')}
      />
      <OptionSelect
        label={t('wizard.dateFormat')}
        value={options.dateFormat}
        values={DATE_FORMATS}
        onChange={(v) => onChange({ ...options, dateFormat: v as FormatOptions['dateFormat'] })}
      />
    </>
  );
}

/**
 * Step 1: name, category, file format and its CSV options. A new category clears the columns
 * (`onCategory`), a new format the sample file (`onFormat`).
 */
export function TemplateStep({
  template,
  categoryFixed,
  formatFixed,
  onCategory,
  onFormat,
}: {
  template: WizardTemplate;
  categoryFixed: boolean;
  formatFixed: boolean;
  onCategory: (c: MappingCategory) => void;
  onFormat: (f: MappingFormat) => void;
}) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <NameField
        label={t('wizard.name')}
        value={template.name}
        onChange={template.setName}
        touched={template.nameTouched}
        onBlur={() => template.setNameTouched(true)}
        error={template.nameError}
        hint={t('wizard.nameHelp')}
      />
      <CategoryChoice value={template.category} disabled={categoryFixed} onChange={onCategory} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('wizard.format')}
          value={template.format}
          disabled={formatFixed}
          onChange={(e) => onFormat(e.target.value as MappingFormat)}
          sx={{ minWidth: 180 }}
        >
          {MAPPING_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`formats.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        {template.format === 'csv' && (
          <CsvOptions options={template.options} onChange={template.setOptions} />
        )}
      </Box>
    </Box>
  );
}

/** The unit question of a quantity column (t/kg, km/m); nothing for other columns. */
function UnitSelect({ title, columns }: { title: string; columns: WizardColumns }) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  const { assigned, units, setUnits, unitOf } = columns;
  return QUANTITY_FIELDS[assigned[title]] ? (
    <TextField
      select
      size="small"
      fullWidth
      required
      label={t('wizard.unitFor', { title })}
      value={unitOf(title) ?? NONE}
      error={!unitOf(title)}
      onChange={(e) => setUnits({ ...units, [title]: e.target.value as QuantityUnit })}
      data-testid={`mapping-unit-${title}`}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          renderValue: (v) => (v ? t(`units.${String(v)}`) : t('wizard.unitAsk')),
        },
      }}
    >
      {QUANTITY_UNITS[QUANTITY_FIELDS[assigned[title]]].map((u) => (
        <MenuItem key={u} value={u}>
          {t(`units.${u}`)}
        </MenuItem>
      ))}
    </TextField>
  ) : null;
}

/** One column of the sample: its title, the field it is mapped to, and the unit of a quantity. */
function ColumnRow({ title, columns, phone }: { title: string; columns: WizardColumns; phone: boolean }) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  const { assigned, setAssigned, fields, taken } = columns;
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{title}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          fullWidth
          label={t('wizard.fieldFor', { title })}
          value={assigned[title] ?? NONE}
          onChange={(e) => setAssigned({ ...assigned, [title]: e.target.value })}
          data-testid={`mapping-field-${title}`}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              displayEmpty: true,
              renderValue: (v) => (v ? fieldLabel(String(v)) : t('wizard.notMapped')),
            },
          }}
        >
          {fieldOptions(fields.data ?? [], taken, assigned[title] ?? NONE, (k) => t(k))}
        </TextField>
        {/* On a phone the unit goes below the field: a third column would not fit. */}
        {phone && (
          <Box sx={{ mt: 1.5 }}>
            <UnitSelect title={title} columns={columns} />
          </Box>
        )}
      </TableCell>
      {!phone && (
        <TableCell>
          <UnitSelect title={title} columns={columns} />
        </TableCell>
      )}
    </TableRow>
  );
}

/** The required fields of the category, each marked once a column is mapped to it. */
function RequiredLegend({ category, taken }: { category: MappingCategory; taken: Set<string> }) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  const required = REQUIRED_FIELDS[category];
  return (
    <Box
      aria-label={t('wizard.requiredLegend')}
      // A legend of marks, not form controls: none of the suggested tags (fieldset, details, …) fits.
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="group"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {t('wizard.requiredLegend')}
      </Typography>
      {required.all.map((id) => (
        <RequiredChip key={id} label={fieldLabel(id)} done={taken.has(id)} />
      ))}
      {required.oneOf.map((ids) => (
        <RequiredChip
          key={ids.join('|')}
          label={ids.map(fieldLabel).join(t('wizard.or'))}
          done={ids.some((id) => taken.has(id))}
        />
      ))}
    </Box>
  );
}

/** The sample's columns with their fields, after the legend of required fields. */
function ColumnTable({
  category,
  columns,
  phone,
}: {
  category: MappingCategory;
  columns: WizardColumns;
  phone: boolean;
}) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <>
      <RequiredLegend category={category} taken={columns.taken} />
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" aria-label={t('wizard.columnsTable')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '45%' }}>{t('wizard.fileColumn')}</TableCell>
              <TableCell>{t('wizard.field')}</TableCell>
              {!phone && <TableCell sx={{ width: 170 }}>{t('wizard.unit')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {columns.titles.map((title) => (
              <ColumnRow key={title} title={title} columns={columns} phone={phone} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {columns.unitMissing.length > 0 && (
        <Alert severity="warning" data-testid="mapping-unit-missing">
          {t('wizard.unitMissing', { titles: columns.unitMissing.join(', ') })}
        </Alert>
      )}
    </>
  );
}

function UploadBar({ progress }: { progress: number | null }) {
  const { t } = useTranslation('mappings');
  return progress !== null ? (
    <LinearProgress variant="determinate" value={progress} aria-label={t('wizard.uploading')} />
  ) : null;
}

/** Step 2: the sample file and the assignment of its columns to fields. */
export function ColumnsStep({
  isEdit,
  template,
  columns,
  file,
  busy,
  progress,
  phone,
  onPick,
  onError,
}: {
  isEdit: boolean;
  template: WizardTemplate;
  columns: WizardColumns;
  file: File | null;
  busy: boolean;
  progress: number | null;
  phone: boolean;
  onPick: (f: File) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        {t(isEdit ? 'wizard.sampleEditHelp' : 'wizard.sampleHelp')}
      </Typography>
      <TemplateDownloads />
      <FilePicker
        accept={ACCEPT[template.format]}
        file={file}
        disabled={busy}
        label={t('wizard.chooseSample')}
        onChange={onPick}
        onError={onError}
        testId="mapping-sample-input"
      />
      <UploadBar progress={progress} />
      {columns.titles.length > 0 && (
        <ColumnTable category={template.category} columns={columns} phone={phone} />
      )}
    </Box>
  );
}

/** The row issues of the validation with their codes in words. */
function IssueTable({ issues }: { issues: SampleValidation['issues'] }) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label={t('wizard.reportTable')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 80 }}>{t('wizard.row')}</TableCell>
            <TableCell>{t('wizard.issue')}</TableCell>
            <TableCell>{t('wizard.column')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {issues.map((issue, i) => (
            <TableRow key={`${issue.row}-${issue.code}-${i}`}>
              <TableCell>{issue.row}</TableCell>
              <TableCell>
                {rowCodeText(issue.code, issue.message)}
                {rowCodeHint(issue.code) && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {rowCodeHint(issue.code)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{issue.column ?? '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Step 3: the validation of the sample against the stored template. */
export function ValidationStep({ report }: { report: SampleValidation | null }) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {!report ? (
        <Alert severity="info">{t('wizard.noSample')}</Alert>
      ) : report.issues.length === 0 ? (
        <Alert severity="success" data-testid="mapping-validation-ok">
          {t('wizard.validOk', { count: report.rows })}
        </Alert>
      ) : (
        <>
          <Alert severity="warning" data-testid="mapping-validation-issues">
            {t('wizard.validIssues', { count: report.issues.length, rows: report.rows })}
          </Alert>
          <IssueTable issues={report.issues} />
        </>
      )}
      {report?.sample && <SampleFigures sample={report.sample} />}
      <Typography variant="body2" color="text.secondary">
        {t('wizard.storedHint')}
      </Typography>
    </Box>
  );
}

/** Step 4: the template is stored; the sample may be imported now where the template is enabled. */
export function DoneStep({
  saved,
  file,
  canImport,
  progress,
}: {
  saved: Mapping;
  file: File | null;
  canImport: boolean;
  progress: number | null;
}) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" data-testid="mapping-saved">
        {t('wizard.savedText', { name: saved.templateName })}
      </Alert>
      {saved.status !== MAPPING_STATUS.enabled && <Alert severity="info">{t('wizard.disabledHint')}</Alert>}
      {file && canImport && saved.status === MAPPING_STATUS.enabled && (
        <Typography color="text.secondary">{t('wizard.importHint', { file: file.name })}</Typography>
      )}
      <UploadBar progress={progress} />
    </Box>
  );
}
