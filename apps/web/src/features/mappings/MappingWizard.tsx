import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useNavigate } from '@tanstack/react-router';
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
  inferQuantityUnit,
} from '@klimadesk/contract/mappings/schemas';
import { ApiError } from '../../app/api.ts';
import { NameField } from '../../components/NameField.tsx';
import { WizardSteps } from '../../components/WizardSteps.tsx';
import { call, upload } from '../../app/client.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { errorText } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { FilePicker } from './FilePicker.tsx';
import { SampleFigures } from './SampleFigures.tsx';
import { TemplateDownloads } from './TemplateDownloads.tsx';
import {
  ACCEPT,
  fieldLabel,
  rowCodeHint,
  rowCodeText,
  useMappingFields,
  type Mapping,
  type MappingCategory,
  type MappingDetail,
  type MappingField,
  type MappingFormat,
  type SampleValidation,
} from './mappingsApi.ts';

const STEPS = ['template', 'columns', 'validation', 'done'] as const;
const NONE = '';

/** Field choices of one column: grouped like the server groups them, required ones marked. */
function fieldOptions(fields: MappingField[], taken: Set<string>, own: string, t: (k: string) => string) {
  const out: React.ReactNode[] = [
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

/**
 * Creates or edits a mapping template in four steps: template, column assignment from a sample
 * file, validation of that file, and the optional import of it. The template is stored before the
 * validation because the server validates against a stored template.
 */
export function MappingWizard({
  mapping,
  canImport,
  onClose,
}: {
  mapping: Mapping | null;
  canImport: boolean;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [name, setName] = useState(mapping?.templateName ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [category, setCategory] = useState<MappingCategory>(mapping?.mappingFieldCategory ?? 'shipment');
  const [format, setFormat] = useState<MappingFormat>(mapping?.mappingFormat ?? 'xlsx');
  const [options, setOptions] = useState<FormatOptions>(
    mapping?.formatOptions ?? { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' },
  );
  const [file, setFile] = useState<File | null>(null);
  const [titles, setTitles] = useState<string[]>(mapping?.mappingDetails.map((d) => d.value) ?? []);
  const [assigned, setAssigned] = useState<Record<string, string>>(
    Object.fromEntries(mapping?.mappingDetails.map((d) => [d.value, d.mappingField]) ?? []),
  );
  // Units chosen for quantity columns, by title; a title naming its unit needs no choice.
  const [units, setUnits] = useState<Record<string, QuantityUnit>>(
    Object.fromEntries(mapping?.mappingDetails.flatMap((d) => (d.unit ? [[d.value, d.unit]] : [])) ?? []),
  );
  const [saved, setSaved] = useState<Mapping | null>(mapping);
  const [report, setReport] = useState<SampleValidation | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fields = useMappingFields(category);
  const [changed, setChanged] = useState(false);

  const unitOf = (title: string): QuantityUnit | null =>
    QUANTITY_FIELDS[assigned[title]] ? (units[title] ?? inferQuantityUnit(assigned[title], title)) : null;
  const details: MappingDetail[] = titles
    .filter((title) => assigned[title])
    .map((title) => {
      const unit = unitOf(title);
      return { value: title, mappingField: assigned[title], ...(unit ? { unit } : {}) };
    });
  // Quantity columns whose unit neither the title names nor the user chose: asked before saving.
  const unitMissing = titles.filter((title) => QUANTITY_FIELDS[assigned[title]] && !unitOf(title));
  const taken = useMemo(() => new Set(Object.values(assigned).filter(Boolean)), [assigned]);
  const required = REQUIRED_FIELDS[category];
  const [nameTaken, setNameTaken] = useState<string | null>(null);
  const nameError =
    name.trim() === ''
      ? t('common:validation.required')
      : nameTaken !== null && nameTaken === name.trim()
        ? t('errors:mappingNameExists')
        : null;

  const readSample = async (f: File) => {
    setFile(f);
    setError(null);
    setBusy(true);
    setProgress(0);
    try {
      const res = await upload('sampleTitles', f, {
        fields: { mappingFormat: format, ...(format === 'csv' ? options : {}) },
        onProgress: setProgress,
      });
      setTitles(res.titles);
      // Earlier choices win over suggestions for titles that stay; new titles take the suggestion.
      setAssigned((prev) => {
        const next: Record<string, string> = {};
        const used = new Set<string>();
        for (const title of res.titles) {
          const kept = prev[title];
          if (kept && !used.has(kept)) {
            next[title] = kept;
            used.add(kept);
          }
        }
        for (const s of res.suggestions) {
          if (next[s.value] || !s.mappingField || used.has(s.mappingField)) continue;
          if (fields.data && !fields.data.some((x) => x.id === s.mappingField)) continue;
          next[s.value] = s.mappingField;
          used.add(s.mappingField);
        }
        return next;
      });
      if (res.titles.length === 0) setError(t('wizard.noTitles'));
    } catch (err) {
      setFile(null);
      setError(errorText(err));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  /** Checks the required fields, stores the template and validates the sample file against it. */
  const saveAndValidate = async () => {
    setError(null);
    setBusy(true);
    try {
      await call('checkRequiredField', { body: { mappingFieldCategory: category, mappingDetails: details } });
      const formatOptions = format === 'csv' ? options : undefined;
      const stored = saved
        ? await call('updateMapping', {
            params: { id: saved.id },
            body: {
              templateName: name.trim(),
              // The user may have gone back and chosen another format since the template was stored.
              ...(mapping ? {} : { mappingFormat: format }),
              mappingDetails: details,
              formatOptions,
            },
          })
        : await call('createMapping', {
            body: {
              templateName: name.trim(),
              mappingFieldCategory: category,
              mappingFormat: format,
              formatOptions,
              mappingDetails: details,
            },
          });
      setSaved(stored);
      setChanged(true);
      setReport(file ? await upload('validateMapping', file, { params: { id: stored.id } }) : null);
      setStep(2);
    } catch (err) {
      if (err instanceof ApiError && err.key === 'mappingNameExists') {
        // The name is asked on the first step: show the refusal there, at the field.
        setNameTaken(name.trim());
        setStep(0);
      } else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const importNow = async () => {
    if (!file || !saved) return;
    setError(null);
    setBusy(true);
    setProgress(0);
    try {
      const task = await upload('uploadImport', file, {
        fields: { mappingId: saved.id },
        onProgress: setProgress,
      });
      notify(t('tasks.uploaded', { file: task.fileName }), 'success', { log: true });
      onClose(true);
      void navigate({ href: '/system/import-tasks' });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
      setProgress(null);
    }
  };

  const next = () => {
    setError(null);
    if (step === 0) {
      setNameTouched(true);
      if (!nameError) setStep(1);
    } else if (step === 1) void saveAndValidate();
    else if (step === 2) {
      notify(t(mapping ? 'notify.saved' : 'notify.created', { name: saved?.templateName }), 'success', {
        log: true,
      });
      setStep(3);
    }
  };

  const select = (
    label: string,
    value: string,
    values: readonly string[],
    onChange: (v: string) => void,
    text = (v: string) => v,
  ) => (
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

  /** The unit question of a quantity column (t/kg, km/m); nothing for other columns. */
  const unitSelect = (title: string) =>
    QUANTITY_FIELDS[assigned[title]] ? (
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

  const mappedOneOf = (ids: string[]) => ids.some((id) => taken.has(id));

  return (
    <Dialog
      open
      onClose={() => !busy && onClose(changed)}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="mapping-wizard-title"
    >
      <DialogTitle id="mapping-wizard-title">
        {t(mapping ? 'wizard.editTitle' : 'wizard.createTitle')}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
        <WizardSteps active={step} labels={STEPS.map((s) => t(`wizard.steps.${s}`))} />

        {step === 0 && (
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            <NameField
              label={t('wizard.name')}
              value={name}
              onChange={setName}
              touched={nameTouched}
              onBlur={() => setNameTouched(true)}
              error={nameError}
              hint={t('wizard.nameHelp')}
            />
            <Box>
              <FormLabel id="wizard-category">{t('wizard.category')}</FormLabel>
              <RadioGroup
                aria-labelledby="wizard-category"
                value={category}
                onChange={(e) => {
                  setCategory(e.target.value as MappingCategory);
                  setAssigned({});
                }}
              >
                {MAPPING_CATEGORIES.map((c) => (
                  <FormControlLabel
                    key={c}
                    value={c}
                    // Stored columns belong to a category: it is fixed once the template exists.
                    disabled={!!saved}
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
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField
                select
                label={t('wizard.format')}
                value={format}
                disabled={!!mapping}
                onChange={(e) => {
                  setFormat(e.target.value as MappingFormat);
                  setFile(null);
                }}
                sx={{ minWidth: 180 }}
              >
                {MAPPING_FORMATS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(`formats.${f}`)}
                  </MenuItem>
                ))}
              </TextField>
              {format === 'csv' && (
                <>
                  {select(
                    t('wizard.delimiter'),
                    options.delimiter,
                    CSV_DELIMITERS,
                    (v) => setOptions({ ...options, delimiter: v as FormatOptions['delimiter'] }),
                    (v) =>
                      t(
                        `delimiters.${{ ';': 'semicolon', ',': 'comma', '\t': 'tab', '|': 'pipe' }[v] ?? 'semicolon'}`,
                      ),
                  )}
                  {select(
                    t('wizard.decimalSeparator'),
                    options.decimalSeparator,
                    DECIMAL_SEPARATORS,
                    (v) =>
                      setOptions({ ...options, decimalSeparator: v as FormatOptions['decimalSeparator'] }),
                    (v) => t(v === ',' ? 'delimiters.comma' : 'delimiters.dot'),
                  )}
                  {select(t('wizard.dateFormat'), options.dateFormat, DATE_FORMATS, (v) =>
                    setOptions({ ...options, dateFormat: v as FormatOptions['dateFormat'] }),
                  )}
                </>
              )}
            </Box>
          </Box>
        )}

        {step === 1 && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography color="text.secondary">
              {t(mapping ? 'wizard.sampleEditHelp' : 'wizard.sampleHelp')}
            </Typography>
            <TemplateDownloads />
            <FilePicker
              accept={ACCEPT[format]}
              file={file}
              disabled={busy}
              label={t('wizard.chooseSample')}
              onChange={(f) => void readSample(f)}
              onError={setError}
              testId="mapping-sample-input"
            />
            {progress !== null && (
              <LinearProgress variant="determinate" value={progress} aria-label={t('wizard.uploading')} />
            )}
            {titles.length > 0 && (
              <>
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
                      done={mappedOneOf(ids)}
                    />
                  ))}
                </Box>
                <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
                  <Table size="small" aria-label={t('wizard.columnsTable')}>
                    <TableHead>
                      <TableRow>
                        <TableCell sx={{ width: '45%' }}>{t('wizard.fileColumn')}</TableCell>
                        <TableCell>{t('wizard.field')}</TableCell>
                        {!fullScreen && <TableCell sx={{ width: 170 }}>{t('wizard.unit')}</TableCell>}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {titles.map((title) => (
                        <TableRow key={title}>
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
                            {fullScreen && <Box sx={{ mt: 1.5 }}>{unitSelect(title)}</Box>}
                          </TableCell>
                          {!fullScreen && <TableCell>{unitSelect(title)}</TableCell>}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
                {unitMissing.length > 0 && (
                  <Alert severity="warning" data-testid="mapping-unit-missing">
                    {t('wizard.unitMissing', { titles: unitMissing.join(', ') })}
                  </Alert>
                )}
              </>
            )}
          </Box>
        )}

        {step === 2 && (
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
                      {report.issues.map((issue, i) => (
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
              </>
            )}
            {report?.sample && <SampleFigures sample={report.sample} />}
            <Typography variant="body2" color="text.secondary">
              {t('wizard.storedHint')}
            </Typography>
          </Box>
        )}

        {step === 3 && saved && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Alert severity="success" data-testid="mapping-saved">
              {t('wizard.savedText', { name: saved.templateName })}
            </Alert>
            {saved.status !== MAPPING_STATUS.enabled && (
              <Alert severity="info">{t('wizard.disabledHint')}</Alert>
            )}
            {file && canImport && saved.status === MAPPING_STATUS.enabled && (
              <Typography color="text.secondary">{t('wizard.importHint', { file: file.name })}</Typography>
            )}
            {progress !== null && (
              <LinearProgress variant="determinate" value={progress} aria-label={t('wizard.uploading')} />
            )}
          </Box>
        )}

        {error && (
          <Alert severity="error" role="alert" data-testid="mapping-wizard-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {step < 3 && (
          <Button onClick={() => onClose(changed)} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
        )}
        {(step === 1 || step === 2) && (
          <Button onClick={() => setStep(step - 1)} disabled={busy}>
            {t('common:actions.back')}
          </Button>
        )}
        {step < 3 && (
          <Button
            variant="contained"
            onClick={next}
            disabled={busy || (step === 1 && (details.length === 0 || unitMissing.length > 0))}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="mapping-wizard-next"
          >
            {t(step === 1 ? 'wizard.saveAndValidate' : step === 2 ? 'wizard.finish' : 'common:actions.next')}
          </Button>
        )}
        {step === 3 && (
          <>
            <Button onClick={() => onClose(true)} disabled={busy}>
              {t('common:actions.close')}
            </Button>
            {file && canImport && saved?.status === MAPPING_STATUS.enabled && (
              <Button
                variant="contained"
                onClick={() => void importNow()}
                disabled={busy}
                data-testid="mapping-import-now"
              >
                {t('wizard.importNow')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
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
