import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import type { ReleaseNote } from '@klimadesk/contract/releases/schemas';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { HtmlContent } from '../../components/HtmlContent.tsx';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { byVersion, formatReleaseDate } from './releasesFormat.ts';

/** One note: title, short description and the description (sanitised HTML or plain text). */
export function NoteBody({
  note,
}: {
  note: Pick<ReleaseNote, 'title' | 'shortDescription' | 'description'>;
}) {
  return (
    <Box data-testid="release-note">
      <Typography variant="h4" component="h3" sx={{ mb: 0.5 }}>
        {note.title}
      </Typography>
      {note.shortDescription && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {note.shortDescription}
        </Typography>
      )}
      {note.description && <HtmlContent html={note.description} sx={{ whiteSpace: 'pre-line' }} />}
    </Box>
  );
}

/**
 * The release history per module, newest version first (seed 002 §2 `/help/release-notes`).
 * `releasedOnly` keeps the platform admin's unreleased versions out of the help page.
 */
export function ReleaseNotesView({
  title,
  subtitle,
  module,
  releasedOnly,
}: {
  title: string;
  subtitle: string;
  /** One module only; otherwise a tab per module that has notes. */
  module?: ModuleCode;
  releasedOnly: boolean;
}) {
  const { t } = useTranslation(['releases', 'common']);
  const lang = currentLanguage();
  const answer = useQuery(queryOptions('releaseNoteTexts', { query: module ? { module } : {} }));
  const all = (answer.data?.['hydra:member'] ?? []).filter((n) => !releasedOnly || n.released === 1);
  const present = new Set(all.map((n) => n.module));
  const modules = MODULES.filter((m) => present.has(m));
  // The user's own module first, as in the carousel.
  const own = useMe().module;
  const [picked, setPicked] = useState<ModuleCode | null>(null);
  const shown =
    module ?? (picked && present.has(picked) ? picked : own && present.has(own) ? own : modules[0]);
  const groups = byVersion(all.filter((n) => n.module === shown));
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      {!module && modules.length > 1 && (
        <Tabs
          value={shown}
          onChange={(_e, m: ModuleCode) => setPicked(m)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('common:module.label')}
          sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          {modules.map((m) => (
            <Tab key={m} value={m} label={t(`common:module.${m}`)} />
          ))}
        </Tabs>
      )}
      {answer.isSuccess && groups.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          {t('history.none')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 3 }} data-testid="release-history">
        {groups.map((g) => (
          <SectionCard
            key={g.version}
            title={t('history.version', { version: g.version })}
            description={
              g.releaseDate
                ? t('history.releasedOn', { date: formatReleaseDate(g.releaseDate, lang) })
                : undefined
            }
            actions={
              g.released ? undefined : (
                <Chip size="small" color="warning" variant="outlined" label={t('status.unreleased')} />
              )
            }
          >
            <Box sx={{ display: 'grid', gap: 2 }}>
              {g.notes.map((n, i) => (
                <Box key={n.id}>
                  {i > 0 && <Divider sx={{ mb: 2 }} />}
                  <NoteBody note={n} />
                </Box>
              ))}
            </Box>
          </SectionCard>
        ))}
      </Box>
    </>
  );
}
