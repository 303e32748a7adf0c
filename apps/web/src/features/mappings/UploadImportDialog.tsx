import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions, upload } from '../../app/client.ts';
import { ImportDialog } from '../../components/ImportDialog.tsx';
import { notify } from '../../components/notify.ts';
import { RouterLink } from '../../components/RouterLink.tsx';
import { TemplateDownloads } from './TemplateDownloads.tsx';
import { ACCEPT, type ImportTask, type Mapping } from './mappingsApi.ts';

/** No active template yet: the way to the templates, and the sample files. */
function NoMappings({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['mappings', 'common']);
  return (
    <Alert severity="info" data-testid="import-no-mappings">
      {t('tasks.noMappingsText')}{' '}
      <RouterLink to="/system/mappings" sx={{ fontWeight: 600 }} onClick={onClose}>
        {t('tasks.toMappings')}
      </RouterLink>
      <TemplateDownloads />
    </Alert>
  );
}

/** The template to import with, and whether implausible figures are confirmed. */
function ImportFields({
  list,
  mapping,
  mappingId,
  onMapping,
  confirmImplausible,
  onConfirmImplausible,
}: {
  list: Mapping[];
  mapping: Mapping | undefined;
  mappingId: string;
  onMapping: (id: string) => void;
  confirmImplausible: boolean;
  onConfirmImplausible: (confirm: boolean) => void;
}) {
  const { t } = useTranslation(['mappings', 'common']);
  return (
    <>
      <TemplateDownloads />
      <TextField
        select
        required
        label={t('tasks.mapping')}
        value={mappingId}
        onChange={(e) => onMapping(e.target.value)}
        helperText={
          mapping
            ? `${t(`categories.${mapping.mappingFieldCategory}`)} · ${t(`formats.${mapping.mappingFormat}`)}`
            : ' '
        }
      >
        {list.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.templateName}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={confirmImplausible}
            onChange={(e) => onConfirmImplausible(e.target.checked)}
            data-testid="import-confirm-implausible"
          />
        }
        label={
          <Box>
            <Typography variant="body2">{t('tasks.confirmImplausible')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('tasks.confirmImplausibleHelp')}
            </Typography>
          </Box>
        }
        sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
      />
    </>
  );
}

/**
 * Uploads a file with an active mapping on the one import dialog; the import itself runs in the
 * background as a task, whose progress, cancel and rejected rows the task list shows.
 */
export function UploadImportDialog({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded: (task: ImportTask) => void;
}) {
  const { t } = useTranslation(['mappings', 'common']);
  const qc = useQueryClient();
  const mappings = useQuery(
    queryOptions('mappings', { query: { status: '1', limit: 100, 'order[templateName]': 'asc' } }),
  );
  const list = mappings.data?.['hydra:member'] ?? [];
  const [chosenId, setMappingId] = useState('');
  const [confirmImplausible, setConfirmImplausible] = useState(false);
  // The one active template needs no choosing.
  const mappingId = chosenId === '' && list.length === 1 ? list[0].id : chosenId;
  const mapping = list.find((m) => m.id === mappingId);
  return (
    <ImportDialog<ImportTask>
      id="import"
      title={t('tasks.uploadTitle')}
      text={t('tasks.fileHelp')}
      accept={mapping ? ACCEPT[mapping.mappingFormat] : `${ACCEPT.xlsx},${ACCEPT.csv}`}
      ready={mapping !== undefined}
      submitLabel={t('tasks.upload')}
      start={(file, onProgress, signal) =>
        upload('uploadImport', file, {
          fields: { mappingId, ...(confirmImplausible ? { confirmImplausible: 'true' } : {}) },
          onProgress,
          signal,
        })
      }
      // The task list shows the import's progress, cancel and rejected rows.
      handOver={(task) => {
        void qc.invalidateQueries({ queryKey: ['importTasks'] });
        notify(t('tasks.uploaded', { file: task.fileName }), 'success', { log: true });
        onUploaded(task);
      }}
      issueText={(code) => code}
      doneText={() => ''}
      fields={
        mappings.isSuccess && list.length === 0 ? (
          <NoMappings onClose={onClose} />
        ) : (
          <ImportFields
            list={list}
            mapping={mapping}
            mappingId={mappingId}
            onMapping={setMappingId}
            confirmImplausible={confirmImplausible}
            onConfirmImplausible={setConfirmImplausible}
          />
        )
      }
      onClose={onClose}
    />
  );
}
