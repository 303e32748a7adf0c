import { Suspense, lazy, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@klimadesk/contract/constants';
import type { HelpText } from '@klimadesk/contract/help/schemas';
import { textOf } from '@klimadesk/contract/help/sections';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextCard, TextCardsPage } from '../../components/TextCards.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** The contextual help texts by internal name (/cfc/help-texts), edited in German and English. */
export function HelpTextsPage() {
  const { t } = useTranslation(['help', 'common']);
  const me = useMe();
  const query = useQuery(queryOptions('helpTexts'));
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<HelpText | null>(null);
  const rows = useMemo(() => {
    const s = search.trim().toLocaleLowerCase();
    return (query.data ?? []).filter(
      (h) =>
        !s || `${h.internalName} ${textOf(h.text.de)} ${textOf(h.text.en)}`.toLocaleLowerCase().includes(s),
    );
  }, [query.data, search]);

  return (
    <>
      <TextCardsPage
        title={t('helpTexts.title')}
        subtitle={t('helpTexts.subtitle')}
        search={{ label: t('search.label'), value: search, onChange: setSearch }}
        loading={query.isPending}
        failed={query.isError ? t('loadFailed') : null}
        notice={
          query.data &&
          rows.length === 0 && (
            <Alert severity="info">{t(query.data.length === 0 ? 'helpTexts.empty' : 'helpTexts.none')}</Alert>
          )
        }
        testId="help-texts"
      >
        {rows.map((h) => (
          <TextCard key={h.id} radius={2} testId="help-text-row">
            <Typography sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {h.internalName}
            </Typography>
            {LANGUAGES.map((l) => (
              <Box key={l} sx={{ minWidth: 0 }}>
                <Typography variant="caption" color="text.secondary">
                  {t(`editor.lang.${l}`)}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{
                    display: '-webkit-box',
                    WebkitLineClamp: 3,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {textOf(h.text[l]) || '—'}
                </Typography>
              </Box>
            ))}
            {can(me, 'updateHelpText') && (
              <Button
                startIcon={<EditOutlined />}
                onClick={() => setEditing(h)}
                aria-label={`${t('common:actions.edit')}: ${h.internalName}`}
                sx={{ justifySelf: { xs: 'start', md: 'end' } }}
              >
                {t('common:actions.edit')}
              </Button>
            )}
          </TextCard>
        ))}
      </TextCardsPage>
      {editing && <HelpTextDialog helpText={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function HelpTextDialog({ helpText, onClose }: { helpText: HelpText; onClose: () => void }) {
  const { t, i18n } = useTranslation(['help', 'common']);
  const [lang, setLang] = useState<Language>(i18n.language === 'en' ? 'en' : 'de');
  const [drafts, setDrafts] = useState<Partial<Record<Language, string>>>({});
  const save = useApiMutation({
    mutate: (text: Partial<Record<Language, string>>) =>
      call('updateHelpText', { params: { id: helpText.id }, body: { text } }),
    invalidate: [['helpTexts']],
    success: t('common:notify.saved'),
    onSuccess: onClose,
  });
  const changed = Object.fromEntries(
    Object.entries(drafts).filter(([l, v]) => v !== helpText.text[l as Language]),
  ) as Partial<Record<Language, string>>;
  return (
    <FormDialog
      id="help-text-dialog"
      title={t('helpTexts.edit', { name: helpText.internalName })}
      mutation={save}
      onClose={onClose}
      onSubmit={() => save.run(changed)}
      submitDisabled={Object.keys(changed).length === 0}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Tabs value={lang} onChange={(_e, l: Language) => setLang(l)} aria-label={t('editor.language')}>
        {LANGUAGES.map((l) => (
          <Tab key={l} value={l} label={`${t(`editor.lang.${l}`)}${changed[l] !== undefined ? ' •' : ''}`} />
        ))}
      </Tabs>
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
        <RichTextEditor
          key={lang}
          value={drafts[lang] ?? helpText.text[lang]}
          label={`${helpText.internalName} (${t(`editor.lang.${lang}`)})`}
          minHeight={220}
          onChange={(html) => setDrafts((d) => ({ ...d, [lang]: html }))}
        />
      </Suspense>
    </FormDialog>
  );
}
