import { useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { TextType } from '@klimadesk/contract/help/schemas';
import { searchEntries, splitEntries } from '@klimadesk/contract/help/sections';
import { HtmlContent } from '../../components/HtmlContent.tsx';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useHelpLanguage, useText } from './useHelpText.ts';

type Entry = ReturnType<typeof splitEntries>['entries'][number];

/** One entry: a panel of the accordion, or a section of its own. */
function HelpEntry({
  entry,
  accordion,
  expanded,
  onToggle,
}: {
  entry: Entry;
  accordion: boolean;
  expanded: boolean;
  onToggle: () => void;
}) {
  return accordion ? (
    <Accordion
      disableGutters
      expanded={expanded}
      onChange={onToggle}
      data-testid="help-entry"
      sx={{
        '&:before': { display: 'none' },
        border: 1,
        borderColor: 'divider',
        mb: 1,
        borderRadius: 2,
      }}
      elevation={0}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}
      >
        {/* Titles end in a catalogue key ("(OnlyAdminCannotChangeRole)") that may break anywhere on a phone. */}
        <Typography component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {entry.title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <HtmlContent html={entry.body} />
      </AccordionDetails>
    </Accordion>
  ) : (
    <Box data-testid="help-entry" sx={{ mb: 2 }}>
      <SectionCard title={entry.title}>
        <HtmlContent html={entry.body} />
      </SectionCard>
    </Box>
  );
}

/** The entries the user opened, by index. */
function useOpenEntries() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return { open, toggle };
}

/**
 * A help page: the text of its type split on its `<h2>` headings into entries, a search box that
 * filters them as one types, and the entries as an accordion (FAQ, glossary, errors) or as
 * sections one below the other (first steps, tender guide).
 */
export function HelpArticle({ type, page, accordion }: { type: TextType; page: string; accordion: boolean }) {
  const { t } = useTranslation('help');
  const lang = useHelpLanguage();
  const { text, isPending, isError } = useText(type, lang);
  const [search, setSearch] = useState('');
  const { open, toggle } = useOpenEntries();
  const { intro, entries } = useMemo(() => splitEntries(text?.value ?? ''), [text?.value]);
  const shown = useMemo(
    () => new Set(searchEntries(entries, search).map((e) => entries.indexOf(e))),
    [entries, search],
  );
  const searching = search.trim() !== '';

  return (
    <>
      <PageHeader title={t(`pages.${page}.title`)} subtitle={t(`pages.${page}.subtitle`)} />
      <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 960 }}>
        {entries.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <SearchField label={t('search.label')} value={search} onChange={setSearch} fullWidth />
            <Typography variant="body2" color="text.secondary" component="output" data-testid="help-count">
              {searching
                ? t('search.count', { count: shown.size, total: entries.length })
                : t('search.total', { count: entries.length })}
            </Typography>
          </Box>
        )}
        {isPending && <Skeleton variant="rounded" height={240} />}
        {isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        {!isPending && !isError && !text?.value && <Alert severity="info">{t('empty')}</Alert>}
        {intro && !searching && (
          <Box
            sx={{
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 3,
              p: { xs: 2, sm: 3 },
            }}
          >
            <HtmlContent html={intro} />
          </Box>
        )}
        {searching && shown.size === 0 && <Alert severity="info">{t('search.none', { search })}</Alert>}
        <Box data-testid="help-entries">
          {entries.map((entry, i) =>
            !shown.has(i) ? null : (
              <HelpEntry
                key={i}
                entry={entry}
                accordion={accordion}
                expanded={open.has(i) || (searching && shown.size <= 3)}
                onToggle={() => toggle(i)}
              />
            ),
          )}
        </Box>
      </Box>
    </>
  );
}
