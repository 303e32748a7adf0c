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
import type { List } from '@klimadesk/contract/http';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { api, ApiError } from '../api.ts';
import { call, type Answer } from '../client.ts';
import { currentLanguage } from '../i18n.ts';
import { ME_KEY, queryClient } from '../session.ts';

type ReleaseVersion = Answer<'releaseVersions'>['hydra:member'][number];
type ReleaseNote = Record<string, unknown> & { id: string; position?: number; module?: string | null };

/** Picks the text of a note in the UI language, whichever field naming the server uses. */
export function noteText(
  note: ReleaseNote,
  field: 'title' | 'shortDescription' | 'description',
  lang: string,
): string {
  const cap = lang.charAt(0).toUpperCase() + lang.slice(1);
  for (const key of [`${field}${cap}`, `${field}_${lang}`, field]) {
    const v = note[key];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return '';
}

/** The latest released version, or null when none exists or the endpoint is not there. */
async function latestRelease(): Promise<ReleaseVersion | null> {
  try {
    const list = await call('releaseVersions', { query: { limit: 1, released: 1 } });
    return list['hydra:member'][0] ?? null;
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

async function notesOf(version: string): Promise<ReleaseNote[]> {
  try {
    // Not in the contract's route table yet: the release-notes module adds the route.
    const list = await api.get<List<ReleaseNote>>('/api/release-notes/texts', { version });
    return [...list['hydra:member']].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  } catch (err) {
    if (err instanceof ApiError) return [];
    throw err;
  }
}

/** Carousel of the notes of the latest release, shown once per version (seed 000 §2). */
export function ReleaseNotesDialog({ me, onDone }: { me: Me; onDone: () => void }) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(true);
  const release = useQuery({ queryKey: ['release-latest'], queryFn: latestRelease, staleTime: Infinity });
  const version = release.data?.version;
  const isNew = !!version && version !== me.releaseNotesShown;
  const notes = useQuery({
    queryKey: ['release-notes', version, lang],
    queryFn: () => notesOf(version as string),
    enabled: isNew,
    staleTime: Infinity,
  });

  const nothingToShow = release.isFetched && (!isNew || (notes.isFetched && (notes.data ?? []).length === 0));
  useEffect(() => {
    if (nothingToShow) onDone();
  }, [nothingToShow, onDone]);

  if (!version || !isNew || !notes.data || notes.data.length === 0) return null;
  const list = notes.data;
  const note = list[Math.min(index, list.length - 1)];

  const close = () => {
    setOpen(false);
    void call('releaseNotesShown', { params: { id: me.id }, body: { version } })
      .then(() => queryClient.setQueryData<Me>(ME_KEY, (m) => (m ? { ...m, releaseNotesShown: version } : m)))
      .catch(() => undefined);
    onDone();
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="release-notes-title">
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
      <DialogContent dividers sx={{ minHeight: 220 }}>
        {note.module && (
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={t(`module.${note.module}`, { defaultValue: String(note.module) })}
            sx={{ mb: 1.5 }}
          />
        )}
        <Typography variant="h3" sx={{ mb: 1 }}>
          {noteText(note, 'title', lang)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {noteText(note, 'shortDescription', lang)}
        </Typography>
        <Box sx={{ whiteSpace: 'pre-line' }}>{noteText(note, 'description', lang)}</Box>
      </DialogContent>
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
