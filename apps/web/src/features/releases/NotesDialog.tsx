import { useState } from 'react';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import type { ReleaseNote, ReleaseVersion } from '@klimadesk/contract/releases/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { EditDeleteButtons, ItemsDialog } from '../../components/ItemsDialog.tsx';
import { NoteDialog } from './NoteDialog.tsx';
import { RELEASE_KEYS } from './VersionDialog.tsx';

/** A tab per module whose notes the dialog lists. */
function ModuleTabs({
  modules,
  value,
  onChange,
}: {
  modules: readonly ModuleCode[];
  value: ModuleCode;
  onChange: (m: ModuleCode) => void;
}) {
  const { t } = useTranslation(['releases', 'common']);
  return (
    <Tabs
      value={value}
      onChange={(_e, m: ModuleCode) => onChange(m)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('common:module.label')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {modules.map((m) => (
        <Tab key={m} value={m} label={t(`common:module.${m}`)} data-testid={`release-notes-tab-${m}`} />
      ))}
    </Tabs>
  );
}

/** The notes of one version, a tab per module, with add, change and delete (seed 002 §2 release list). */
export function NotesDialog({
  version,
  modules = MODULES,
  onClose,
}: {
  version: ReleaseVersion;
  modules?: readonly ModuleCode[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['releases', 'common']);
  const [module, setModule] = useState<ModuleCode>(modules[0]);
  const notes = useQuery(queryOptions('releaseNoteTexts', { query: { version: version.version, module } }));
  const [edit, setEdit] = useState<{ note: ReleaseNote | null } | null>(null);
  const remove = useConfirmedWrite<ReleaseNote>({
    mutate: (n) => call('deleteReleaseNote', { params: { id: n.id } }),
    invalidate: RELEASE_KEYS,
    success: (_r, n) => t('notify.noteDeleted', { title: n.title }),
    confirm: (n) => deleteConfirm(t('notes.deleteTitle'), t('notes.deleteText', { title: n.title })),
  });
  const rows = notes.data?.['hydra:member'] ?? [];
  const nextPosition = rows.reduce((max, n) => Math.max(max, n.position), 0) + 1;
  return (
    <ItemsDialog
      id="release-notes-editor-title"
      title={t('notes.title', { version: version.version })}
      above={modules.length > 1 && <ModuleTabs modules={modules} value={module} onChange={setModule} />}
      add={{ label: t('notes.add'), testId: 'release-note-add', onClick: () => setEdit({ note: null }) }}
      loaded={notes.isSuccess}
      count={rows.length}
      empty={t('notes.none', { module: t(`common:module.${module}`) })}
      tableLabel={t('notes.tableLabel')}
      tableTestId="release-notes-table"
      head={
        <>
          <TableCell align="right">{t('note.position')}</TableCell>
          <TableCell>{t('note.titleDe')}</TableCell>
          <TableCell>{t('note.titleEn')}</TableCell>
          <TableCell align="right">{t('columns.actions')}</TableCell>
        </>
      }
      rows={rows.map((n) => (
        <TableRow key={n.id} data-testid="release-note-row">
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {n.position}
          </TableCell>
          <TableCell>{n.titleDe}</TableCell>
          <TableCell>{n.titleEn}</TableCell>
          <EditDeleteButtons
            editAria={t('notes.editAria', { title: n.title })}
            deleteAria={t('notes.deleteAria', { title: n.title })}
            onEdit={() => setEdit({ note: n })}
            onDelete={() => remove.ask(n)}
          />
        </TableRow>
      ))}
      onClose={onClose}
    >
      {edit && (
        <NoteDialog
          version={version}
          module={module}
          modules={modules}
          note={edit.note}
          nextPosition={nextPosition}
          onClose={() => setEdit(null)}
        />
      )}
      {remove.dialog}
    </ItemsDialog>
  );
}
