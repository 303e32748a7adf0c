import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import type { ReleaseNote, ReleaseVersion } from '@klimadesk/contract/releases/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { NoteDialog } from './NoteDialog.tsx';
import { RELEASE_KEYS } from './VersionDialog.tsx';

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
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const [module, setModule] = useState<ModuleCode>(modules[0]);
  const notes = useQuery(queryOptions('releaseNoteTexts', { query: { version: version.version, module } }));
  const [edit, setEdit] = useState<{ note: ReleaseNote | null } | null>(null);
  const [remove, setRemove] = useState<ReleaseNote | null>(null);
  const removal = useApiMutation<ReleaseNote>({
    mutate: (n) => call('deleteReleaseNote', { params: { id: n.id } }),
    invalidate: RELEASE_KEYS,
    success: (_r, n) => t('notify.noteDeleted', { title: n.title }),
    onSuccess: () => setRemove(null),
  });
  const rows = notes.data?.['hydra:member'] ?? [];
  const nextPosition = rows.reduce((max, n) => Math.max(max, n.position), 0) + 1;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="release-notes-editor-title"
    >
      <DialogTitle id="release-notes-editor-title">
        {t('notes.title', { version: version.version })}
      </DialogTitle>
      <DialogContent dividers>
        {modules.length > 1 && (
          <Tabs
            value={module}
            onChange={(_e, m: ModuleCode) => setModule(m)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('common:module.label')}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {modules.map((m) => (
              <Tab key={m} value={m} label={t(`common:module.${m}`)} data-testid={`release-notes-tab-${m}`} />
            ))}
          </Tabs>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEdit({ note: null })}
            data-testid="release-note-add"
          >
            {t('notes.add')}
          </Button>
        </Box>
        {notes.isSuccess && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('notes.none', { module: t(`common:module.${module}`) })}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('notes.tableLabel')} data-testid="release-notes-table">
              <TableHead>
                <TableRow>
                  <TableCell align="right">{t('note.position')}</TableCell>
                  <TableCell>{t('note.titleDe')}</TableCell>
                  <TableCell>{t('note.titleEn')}</TableCell>
                  <TableCell align="right">{t('columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((n) => (
                  <TableRow key={n.id} data-testid="release-note-row">
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {n.position}
                    </TableCell>
                    <TableCell>{n.titleDe}</TableCell>
                    <TableCell>{n.titleEn}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('common:actions.edit')}>
                        <IconButton
                          size="small"
                          aria-label={t('notes.editAria', { title: n.title })}
                          onClick={() => setEdit({ note: n })}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('common:actions.delete')}>
                        <IconButton
                          size="small"
                          aria-label={t('notes.deleteAria', { title: n.title })}
                          onClick={() => setRemove(n)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
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
      {remove && (
        <ConfirmDialog
          title={t('notes.deleteTitle')}
          text={t('notes.deleteText', { title: remove.title })}
          confirmLabel={t('common:actions.delete')}
          onClose={() => setRemove(null)}
          onConfirm={() => removal.runOrThrow(remove).then(() => undefined)}
        />
      )}
    </Dialog>
  );
}
