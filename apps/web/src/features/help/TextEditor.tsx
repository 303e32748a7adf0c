import { type Dispatch, type SetStateAction, Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@klimadesk/contract/constants';
import type { TextType } from '@klimadesk/contract/help/schemas';
import { joinStep, splitEntries, splitStep } from '@klimadesk/contract/help/sections';
import { type Answer, call, queryOptions } from '../../app/client.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useHelpLanguage } from './useHelpText.ts';

// The editor (Tiptap and ProseMirror) is a chunk of its own, fetched when an editor screen opens.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** What is being edited of one text: a step's title apart from its text, or a whole text (`title` unused). */
type Draft = { title: string; body: string };

const draftKey = (l: Language, name: string) => `${l}:${name}`;

type StoredText = Answer<'texts'>['hydra:member'][number];

/** Writes the changed texts of one language; the drafts written are dropped after. */
function useTextSave(
  type: TextType,
  stored: (l: Language, name: string) => StoredText | null,
  setDrafts: Dispatch<SetStateAction<Record<string, Draft>>>,
) {
  const { t } = useTranslation(['help', 'common']);
  return useApiMutation({
    // Each step is a text of its own; they are written one after the other.
    mutate: async ({ l, texts }: { l: Language; texts: { name: string; html: string }[] }) => {
      for (const { name, html } of texts) {
        const text = stored(l, name);
        await (text
          ? call('updateText', { params: { id: text.id }, body: { value: html } })
          : call('createText', { body: { type, name, lang: l, value: html } }));
      }
    },
    invalidate: [['texts']],
    success: t('common:notify.saved'),
    // The server answers the sanitised HTML: the drafts are dropped so the editor shows what is stored.
    onSuccess: (_r, { l, texts }) =>
      setDrafts((d) => {
        const next = { ...d };
        for (const { name } of texts) delete next[draftKey(l, name)];
        return next;
      }),
  });
}

/**
 * The stored texts of the type and the drafts of both languages, kept while switching tabs; a
 * step's draft is its title and text apart.
 */
function useTextDrafts(type: TextType, steps: readonly string[] | undefined) {
  const names: readonly string[] = steps ?? [''];
  const [lang, setLang] = useState<Language>(useHelpLanguage());
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const query = useQuery(queryOptions('texts', { query: { type } }));
  const stored = (l: Language, name: string) =>
    query.data?.['hydra:member'].find((x) => x.lang === l && x.name === name) ?? null;
  const htmlOf = (name: string, d: Draft) => (steps ? joinStep(d.title, d.body) : d.body);
  const draftOf = (l: Language, name: string): Draft => {
    const value = stored(l, name)?.value ?? '';
    return drafts[draftKey(l, name)] ?? (steps ? splitStep(value) : { title: '', body: value });
  };
  const changed = (l: Language) =>
    names.filter((name) => {
      const d = drafts[draftKey(l, name)];
      return d !== undefined && htmlOf(name, d) !== (stored(l, name)?.value ?? '');
    });
  const edit = (name: string, part: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [draftKey(lang, name)]: { ...draftOf(lang, name), ...part } }));
  const save = useTextSave(type, stored, setDrafts);
  return { lang, setLang, query, stored, htmlOf, draftOf, changed, edit, save };
}

type TextDrafts = ReturnType<typeof useTextDrafts>;

/** The rich-text editor of one text of the shown language; it starts over once the text is stored. */
function DraftEditor({
  drafts,
  name,
  label,
  minHeight,
  isStep,
}: {
  drafts: TextDrafts;
  name: string;
  label: string;
  minHeight?: number;
  isStep: boolean;
}) {
  const { lang } = drafts;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={minHeight ?? 360} />}>
      <RichTextEditor
        key={`${lang}:${name}:${drafts.stored(lang, name)?.updatedAt ?? ''}`}
        value={drafts.draftOf(lang, name).body}
        label={label}
        minHeight={minHeight}
        headings={isStep ? [3] : undefined}
        onChange={(html) => drafts.edit(name, { body: html })}
      />
    </Suspense>
  );
}

/** The language tabs (a dot marks unsaved changes), the number of entries and the save button. */
function EditorBar({ drafts, entries }: { drafts: TextDrafts; entries: number | null }) {
  const { t } = useTranslation(['help', 'common']);
  const { lang, save } = drafts;
  const dirty = drafts.changed(lang);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
      }}
    >
      <Tabs value={lang} onChange={(_e, l: Language) => drafts.setLang(l)} aria-label={t('editor.language')}>
        {LANGUAGES.map((l) => (
          <Tab
            key={l}
            value={l}
            label={`${t(`editor.lang.${l}`)}${drafts.changed(l).length > 0 ? ' •' : ''}`}
          />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {entries !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('editor.entries', { count: entries })}
          </Typography>
        )}
        <Button
          variant="contained"
          startIcon={<SaveOutlined />}
          disabled={dirty.length === 0 || save.busy}
          onClick={() =>
            void save.run({
              l: lang,
              texts: dirty.map((name) => ({ name, html: drafts.htmlOf(name, drafts.draftOf(lang, name)) })),
            })
          }
          data-testid="text-save"
        >
          {t('common:actions.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** A card per step: its title and its text. */
function StepEditors({ drafts, steps }: { drafts: TextDrafts; steps: readonly string[] }) {
  const { t } = useTranslation(['help', 'common']);
  const { lang } = drafts;
  return steps.map((name, i) => {
    const step = t('editor.step', { number: i + 1 });
    return (
      <SectionCard key={name} title={step}>
        <Box sx={{ display: 'grid', gap: 2 }} data-testid={`tutorial-${name}`}>
          <TextField
            label={t('editor.stepTitle')}
            value={drafts.draftOf(lang, name).title}
            onChange={(e) => drafts.edit(name, { title: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            fullWidth
          />
          <DraftEditor
            drafts={drafts}
            name={name}
            label={`${step}: ${t('editor.stepText')} (${t(`editor.lang.${lang}`)})`}
            minHeight={120}
            isStep
          />
        </Box>
      </SectionCard>
    );
  });
}

/**
 * The platform admin's editor of one text type in German and English: one whole text (FAQ,
 * glossary, errors, tender guide, first steps, welcome), or with `steps` one text per step name,
 * each a title and its text (the tutorial). Drafts of both languages are kept while switching
 * tabs; saving writes the changed texts of the shown language.
 */
export function TextEditor({
  type,
  page,
  helpPath,
  steps,
  countEntries = true,
}: {
  type: TextType;
  /** Texts `editor.pages.<page>` and `editor.subtitles.<page>` (namespace `help`). */
  page: string;
  /** Where readers see the text, if on a page of its own. */
  helpPath?: string;
  /** The names of the texts edited as title + text, in their order; without, the unnamed text. */
  steps?: readonly string[];
  /** Whether the text's `<h2>` headings are entries of a help page, counted beside the save button. */
  countEntries?: boolean;
}) {
  const { t } = useTranslation(['help', 'common']);
  const drafts = useTextDrafts(type, steps);
  const { lang, query, save } = drafts;
  const entries = countEntries ? splitEntries(drafts.draftOf(lang, '').body).entries.length : null;
  const pageTitle = t(`editor.pages.${page}`);

  return (
    <>
      <PageHeader
        title={pageTitle}
        subtitle={t([`editor.subtitles.${page}`, 'editor.subtitle'])}
        actions={
          helpPath && (
            <Button component={RouterLink} to={helpPath} endIcon={<OpenInNew />} variant="outlined">
              {t('editor.view')}
            </Button>
          )
        }
      />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 1100 }}>
        <EditorBar drafts={drafts} entries={entries} />
        {save.error && <Alert severity="error">{save.error}</Alert>}
        {query.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        <Alert severity="info" variant="outlined">
          {t('editor.hint')}
        </Alert>
        {query.isPending ? (
          <Skeleton variant="rounded" height={360} />
        ) : steps ? (
          <StepEditors drafts={drafts} steps={steps} />
        ) : (
          <DraftEditor
            drafts={drafts}
            name=""
            label={`${pageTitle} (${t(`editor.lang.${lang}`)})`}
            isStep={false}
          />
        )}
      </Box>
    </>
  );
}
