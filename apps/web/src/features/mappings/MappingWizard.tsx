import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MAPPING_STATUS } from '@klimadesk/contract/mappings/schemas';
import { ApiError } from '../../app/api.ts';
import { WizardSteps } from '../../components/WizardSteps.tsx';
import { call, upload } from '../../app/client.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { errorText } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { ColumnsStep, DoneStep, TemplateStep, ValidationStep } from './MappingWizardSteps.tsx';
import {
  storeMapping,
  useWizardColumns,
  useWizardTemplate,
  type WizardColumns,
  type WizardTemplate,
} from './mappingWizardState.ts';
import type { Mapping, MappingCategory, MappingFormat, SampleValidation } from './mappingsApi.ts';

const STEPS = ['template', 'columns', 'validation', 'done'] as const;

/** Whether a call of the wizard runs, its upload progress and the last refusal. */
function useCallState() {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  return { busy, setBusy, progress, setProgress, error, setError };
}

type CallState = ReturnType<typeof useCallState>;

/** The sample file: its titles and the suggested fields come from the server (`sampleTitles`). */
function useSample(template: WizardTemplate, columns: WizardColumns, state: CallState) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  const [file, setFile] = useState<File | null>(null);
  const { format, options } = template;
  const readSample = async (f: File) => {
    setFile(f);
    state.setError(null);
    state.setBusy(true);
    state.setProgress(0);
    try {
      const res = await upload('sampleTitles', f, {
        fields: { mappingFormat: format, ...(format === 'csv' ? options : {}) },
        onProgress: state.setProgress,
      });
      columns.takeSample(res);
      if (res.titles.length === 0) state.setError(t('wizard.noTitles'));
    } catch (err) {
      setFile(null);
      state.setError(errorText(err));
    } finally {
      state.setBusy(false);
      state.setProgress(null);
    }
  };
  return { file, setFile, readSample };
}

/**
 * The stored template and the validation of the sample against it, then the validation step
 * (`goTo(2)`); a taken name goes back to the first step, where the name is asked.
 */
function useStoredTemplate(
  mapping: Mapping | null,
  template: WizardTemplate,
  columns: WizardColumns,
  state: CallState,
  goTo: (step: number) => void,
) {
  const [saved, setSaved] = useState<Mapping | null>(mapping);
  const [report, setReport] = useState<SampleValidation | null>(null);
  const [changed, setChanged] = useState(false);
  /** Checks the required fields, stores the template and validates the sample file against it. */
  const saveAndValidate = async (file: File | null) => {
    state.setError(null);
    state.setBusy(true);
    try {
      await call('checkRequiredField', {
        body: { mappingFieldCategory: template.category, mappingDetails: columns.details },
      });
      const stored = await storeMapping(saved, !mapping, template, columns.details);
      setSaved(stored);
      setChanged(true);
      setReport(file ? await upload('validateMapping', file, { params: { id: stored.id } }) : null);
      goTo(2);
    } catch (err) {
      if (err instanceof ApiError && err.key === 'mappingNameExists') {
        // The name is asked on the first step: show the refusal there, at the field.
        template.setNameTaken(template.name.trim());
        goTo(0);
      } else state.setError(errorText(err));
    } finally {
      state.setBusy(false);
    }
  };
  return { saved, report, changed, saveAndValidate };
}

/** Imports the sample with the stored template and goes to the import tasks. */
function useImportNow(
  file: File | null,
  saved: Mapping | null,
  state: CallState,
  onClose: (changed: boolean) => void,
) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  const navigate = useNavigate();
  return async () => {
    if (!file || !saved) return;
    state.setError(null);
    state.setBusy(true);
    state.setProgress(0);
    try {
      const task = await upload('uploadImport', file, {
        fields: { mappingId: saved.id },
        onProgress: state.setProgress,
      });
      notify(t('tasks.uploaded', { file: task.fileName }), 'success', { log: true });
      onClose(true);
      void navigate({ href: '/system/import-tasks' });
    } catch (err) {
      state.setError(errorText(err));
      state.setBusy(false);
      state.setProgress(null);
    }
  };
}

/** Cancel, back and next while the template is made; close and import once it is stored. */
function WizardActions({
  step,
  busy,
  nextDisabled,
  canImportNow,
  onCancel,
  onDone,
  onBack,
  onNext,
  onImport,
}: {
  step: number;
  busy: boolean;
  nextDisabled: boolean;
  canImportNow: boolean;
  /** Cancel: closes, saying whether a template was stored. */
  onCancel: () => void;
  /** Close after the last step. */
  onDone: () => void;
  onBack: () => void;
  onNext: () => void;
  onImport: () => void;
}) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  return (
    <DialogActions>
      {step < 3 && (
        <Button onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
      )}
      {(step === 1 || step === 2) && (
        <Button onClick={onBack} disabled={busy}>
          {t('common:actions.back')}
        </Button>
      )}
      {step < 3 && (
        <Button
          variant="contained"
          onClick={onNext}
          disabled={busy || nextDisabled}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="mapping-wizard-next"
        >
          {t(step === 1 ? 'wizard.saveAndValidate' : step === 2 ? 'wizard.finish' : 'common:actions.next')}
        </Button>
      )}
      {step === 3 && (
        <>
          <Button onClick={onDone} disabled={busy}>
            {t('common:actions.close')}
          </Button>
          {canImportNow && (
            <Button variant="contained" onClick={onImport} disabled={busy} data-testid="mapping-import-now">
              {t('wizard.importNow')}
            </Button>
          )}
        </>
      )}
    </DialogActions>
  );
}

/** The wizard's step, the state of its steps and its calls, and the move to the next step. */
function useMappingWizard(mapping: Mapping | null, onClose: (changed: boolean) => void) {
  const { t } = useTranslation(['mappings', 'common', 'errors']);
  const [step, setStep] = useState(0);
  const template = useWizardTemplate(mapping);
  const columns = useWizardColumns(mapping, template.category);
  const state = useCallState();
  const { file, setFile, readSample } = useSample(template, columns, state);
  const { saved, report, changed, saveAndValidate } = useStoredTemplate(
    mapping,
    template,
    columns,
    state,
    setStep,
  );
  const importNow = useImportNow(file, saved, state, onClose);

  const next = () => {
    state.setError(null);
    if (step === 0) {
      template.setNameTouched(true);
      if (!template.nameError) setStep(1);
    } else if (step === 1) void saveAndValidate(file);
    else if (step === 2) {
      notify(t(mapping ? 'notify.saved' : 'notify.created', { name: saved?.templateName }), 'success', {
        log: true,
      });
      setStep(3);
    }
  };
  // A new category clears the columns' fields; a new format the sample file.
  const changeCategory = (c: MappingCategory) => {
    template.setCategory(c);
    columns.setAssigned({});
  };
  const changeFormat = (f: MappingFormat) => {
    template.setFormat(f);
    setFile(null);
  };
  return {
    step,
    setStep,
    template,
    columns,
    state,
    file,
    readSample,
    changeCategory,
    changeFormat,
    saved,
    report,
    changed,
    importNow,
    next,
  };
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
  const wizard = useMappingWizard(mapping, onClose);
  const { step, setStep, template, columns, state, file, readSample, saved, report, changed } = wizard;
  const { busy, progress, error } = state;

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
          <TemplateStep
            template={template}
            categoryFixed={!!saved}
            formatFixed={!!mapping}
            onCategory={wizard.changeCategory}
            onFormat={wizard.changeFormat}
          />
        )}
        {step === 1 && (
          <ColumnsStep
            isEdit={!!mapping}
            template={template}
            columns={columns}
            file={file}
            busy={busy}
            progress={progress}
            phone={fullScreen}
            onPick={(f) => void readSample(f)}
            onError={state.setError}
          />
        )}
        {step === 2 && <ValidationStep report={report} />}
        {step === 3 && saved && (
          <DoneStep saved={saved} file={file} canImport={canImport} progress={progress} />
        )}
        {error && (
          <Alert severity="error" role="alert" data-testid="mapping-wizard-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <WizardActions
        step={step}
        busy={busy}
        nextDisabled={step === 1 && (columns.details.length === 0 || columns.unitMissing.length > 0)}
        canImportNow={!!file && canImport && saved?.status === MAPPING_STATUS.enabled}
        onCancel={() => onClose(changed)}
        onDone={() => onClose(true)}
        onBack={() => setStep(step - 1)}
        onNext={wizard.next}
        onImport={() => void wizard.importNow()}
      />
    </Dialog>
  );
}
