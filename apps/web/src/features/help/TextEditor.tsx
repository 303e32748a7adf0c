import { Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@klimadesk/contract/constants';
import type { TextType } from '@klimadesk/contract/help/schemas';
import { splitEntries } from '@klimadesk/contract/help/sections';
import { call, queryOptions } from '../../app/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useHelpLanguage } from './useHelpText.ts';

// The editor (Tiptap and ProseMirror) is a chunk of its own, fetched when an editor screen opens.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/**
 * The platform admin's editor of one text type (FAQ, glossary, errors, tender guide) in German and
 * English. Each `<h2>` starts an entry of the help page; drafts of both languages are kept while
 * switching tabs, and each language is saved on its own.
 */
export function TextEditor({ type, page, helpPath }: { type: TextType; page: string; helpPath: string }) {
  const { t } = useTranslation(['help', 'common']);
  const [lang, setLang] = useState<Language>(useHelpLanguage());
  const [drafts, setDrafts] = useState<Partial<Record<Language, string>>>({});
  const query = useQuery(queryOptions('texts', { query: { type } }));
  const stored = (l: Language) =>
    query.data?.['hydra:member'].find((x) => x.lang === l && x.name === '') ?? null;
  const current = stored(lang);
  const value = drafts[lang] ?? current?.value ?? '';
  const dirty = drafts[lang] !== undefined && drafts[lang] !== (current?.value ?? '');
  const save = useApiMutation({
    mutate: ({ l, html }: { l: Language; html: string }) => {
      const text = stored(l);
      return text
        ? call('updateText', { params: { id: text.id }, body: { value: html } })
        : call('createText', { body: { type, name: '', lang: l, value: html } });
    },
    invalidate: [['texts']],
    success: t('common:notify.saved'),
    // The server answers the sanitised HTML: the draft is dropped so the editor shows what is stored.
    onSuccess: (_r, { l }) =>
      setDrafts((d) => {
        const next = { ...d };
        delete next[l];
        return next;
      }),
  });
  const entries = splitEntries(value).entries.length;

  return (
    <>
      <PageHeader
        title={t(`editor.pages.${page}`)}
        subtitle={t('editor.subtitle')}
        actions={
          <Button component={RouterLink} to={helpPath} endIcon={<OpenInNew />} variant="outlined">
            {t('editor.view')}
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 1100 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Tabs value={lang} onChange={(_e, l: Language) => setLang(l)} aria-label={t('editor.language')}>
            {LANGUAGES.map((l) => (
              <Tab
                key={l}
                value={l}
                label={`${t(`editor.lang.${l}`)}${drafts[l] !== undefined && drafts[l] !== (stored(l)?.value ?? '') ? ' •' : ''}`}
              />
            ))}
          </Tabs>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('editor.entries', { count: entries })}
            </Typography>
            <Button
              variant="contained"
              startIcon={<SaveOutlined />}
              disabled={!dirty || save.busy}
              onClick={() => void save.run({ l: lang, html: value })}
              data-testid="text-save"
            >
              {t('common:actions.save')}
            </Button>
          </Box>
        </Box>
        {save.error && <Alert severity="error">{save.error}</Alert>}
        {query.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        <Alert severity="info" variant="outlined">
          {t('editor.hint')}
        </Alert>
        {query.isPending ? (
          <Skeleton variant="rounded" height={360} />
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
            <RichTextEditor
              key={`${lang}:${current?.updatedAt ?? ''}`}
              value={value}
              label={`${t(`editor.pages.${page}`)} (${t(`editor.lang.${lang}`)})`}
              onChange={(html) => setDrafts((d) => ({ ...d, [lang]: html }))}
            />
          </Suspense>
        )}
      </Box>
    </>
  );
}
