import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MobileStepper from '@mui/material/MobileStepper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Me } from '@klimadesk/contract/platform/schemas';
import type { ReleaseNote } from '@klimadesk/contract/releases/schemas';
import { call, queryOptions } from '../client.ts';
import { currentLanguage } from '../i18n.ts';
import { ME_KEY, queryClient } from '../session.ts';
import { HtmlContent } from '../../components/HtmlContent.tsx';

/**
 * The notes of the latest released version for the user's module, asked for only while that
 * version is new to the user; `onDone` runs when there is nothing to show.
 */
function useReleaseNotes(me: Me, onDone: () => void) {
  const lang = currentLanguage();
  const module = me.module ?? 'cft';
  const release = useQuery({
    ...queryOptions('releaseVersions', { query: { limit: 1, released: 1 } }),
    staleTime: Infinity,
  });
  const version = release.data?.['hydra:member'][0]?.version;
  const isNew = !!version && version !== me.releaseNotesShown;
  const notes = useQuery({
    ...queryOptions('releaseNoteTexts', { query: { version, module } }),
    queryKey: ['releaseNoteTexts', 'carousel', version, module, lang],
    enabled: isNew,
    staleTime: Infinity,
  });

  const failed = release.isError || notes.isError;
  const nothingToShow =
    failed ||
    (release.isFetched && (!isNew || (notes.isFetched && (notes.data?.['hydra:member'] ?? []).length === 0)));
  useEffect(() => {
    if (nothingToShow) onDone();
  }, [nothingToShow, onDone]);

  return { version, isNew, list: notes.data?.['hydra:member'] ?? [] };
}

/** One note: its module, title, short description and text. */
function NoteContent({ note }: { note: ReleaseNote }) {
  const { t } = useTranslation('common');
  return (
    <DialogContent dividers sx={{ minHeight: 220 }}>
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        label={t(`module.${note.module}`)}
        sx={{ mb: 1.5 }}
      />
      <Typography variant="h3" sx={{ mb: 1 }}>
        {note.title}
      </Typography>
      {note.shortDescription && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {note.shortDescription}
        </Typography>
      )}
      {note.description && (
        <Box>
          <HtmlContent html={note.description} sx={{ whiteSpace: 'pre-line' }} />
        </Box>
      )}
    </DialogContent>
  );
}

/**
 * Carousel of the notes of the latest released version for the user's module, shown when that
 * version differs from the last one shown to the user; closing it records the version, so it
 * appears once (seed 002 §2).
 */
export function ReleaseNotesDialog({ me, onDone }: { me: Me; onDone: () => void }) {
  const { t } = useTranslation('common');
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(true);
  const { version, isNew, list } = useReleaseNotes(me, onDone);
  if (!version || !isNew || list.length === 0) return null;
  const note = list[Math.min(index, list.length - 1)];

  const close = () => {
    setOpen(false);
    void call('releaseNotesShown', { params: { id: me.id }, body: { version } })
      .then(() => queryClient.setQueryData<Me>(ME_KEY, (m) => (m ? { ...m, releaseNotesShown: version } : m)))
      .catch(() => undefined);
    onDone();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="release-notes-title"
      data-testid="release-notes-dialog"
    >
      <DialogTitle id="release-notes-title" sx={{ pr: 6 }}>
        {t('app:releaseNotes.title', { version })}
        <IconButton
          aria-label={t('actions.close')}
          onClick={close}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <NoteContent note={note} />
      <DialogActions sx={{ display: 'block', p: 0 }}>
        <MobileStepper
          variant="dots"
          steps={list.length}
          position="static"
          activeStep={index}
          sx={{ bgcolor: 'transparent' }}
          backButton={
            <Button
              size="small"
              onClick={() => setIndex((i) => i - 1)}
              disabled={index === 0}
              startIcon={<KeyboardArrowLeft />}
            >
              {t('actions.back')}
            </Button>
          }
          nextButton={
            index < list.length - 1 ? (
              <Button size="small" onClick={() => setIndex((i) => i + 1)} endIcon={<KeyboardArrowRight />}>
                {t('actions.next')}
              </Button>
            ) : (
              <Button size="small" variant="contained" onClick={close}>
                {t('actions.done')}
              </Button>
            )
          }
        />
      </DialogActions>
    </Dialog>
  );
}
