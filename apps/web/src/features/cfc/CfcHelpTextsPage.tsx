import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CfcHelpText } from '@klimadesk/contract/cfc/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextCard, TextCardsPage } from '../../components/TextCards.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { HelpTextsPage } from '../help/HelpTextsPage.tsx';
import type { CfcSectionId } from './cfc.ts';

/**
 * `/cfc/help-texts`: the platform admin's texts of the carbon footprint: the help text of each
 * section (German and English; empty restores the built-in text) and, on the second tab, the
 * contextual help texts of the screens.
 */
export function CfcHelpTextsPage() {
  const { t } = useTranslation('cfc');
  const [tab, setTab] = useState(0);
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_e, v: number) => setTab(v)}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label={t('helpTexts.sectionsTab')} data-testid="cfc-help-tab-sections" />
        <Tab label={t('helpTexts.contextTab')} data-testid="cfc-help-tab-context" />
      </Tabs>
      {tab === 0 ? <SectionHelpTexts /> : <HelpTextsPage />}
    </>
  );
}

function SectionHelpTexts() {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const texts = useQuery(queryOptions('cfcHelpTexts'));
  const sections = useQuery(queryOptions('cfcSections'));
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CfcHelpText | null>(null);
  const canEdit = can(me, 'cfcUpdateHelpText');
  const rows = useMemo(() => {
    const names = new Map((sections.data?.['hydra:member'] ?? []).map((s) => [s.id, s]));
    const q = search.trim().toLocaleLowerCase();
    return (texts.data?.['hydra:member'] ?? [])
      .map((h) => ({
        ...h,
        name: names.get(h.section)?.name ?? h.section,
        weight: names.get(h.section)?.weight ?? 0,
      }))
      .sort((a, b) => a.weight - b.weight)
      .filter((h) => !q || `${h.name} ${h.de} ${h.en}`.toLocaleLowerCase().includes(q));
  }, [texts.data, sections.data, search]);

  return (
    <>
      <TextCardsPage
        title={t('helpTexts.title')}
        subtitle={t('helpTexts.subtitle')}
        search={{ label: t('helpTexts.search'), value: search, onChange: setSearch }}
        loading={texts.isPending}
        failed={texts.isError ? t('loadFailed') : null}
        testId="cfc-help-texts"
      >
        {rows.map((h) => (
          <TextCard key={h.id} radius={3}>
            <Box>
              <Typography sx={{ fontWeight: 650 }}>{h.name}</Typography>
              {h.custom && (
                <Chip
                  size="small"
                  color="secondary"
                  variant="outlined"
                  label={t('helpTexts.custom')}
                  sx={{ mt: 0.5 }}
                />
              )}
            </Box>
            <Typography variant="body2" lang="de">
              <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }}>
                DE
              </Box>
              {h.de}
            </Typography>
            <Typography variant="body2" lang="en">
              <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }}>
                EN
              </Box>
              {h.en}
            </Typography>
            {canEdit && (
              <Tooltip title={t('common:actions.edit')}>
                <IconButton
                  onClick={() => setEditing(h)}
                  aria-label={t('helpTexts.editAria', { name: h.name })}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </TextCard>
        ))}
      </TextCardsPage>
      {editing && <HelpTextDialog text={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function HelpTextDialog({ text, onClose }: { text: CfcHelpText; onClose: () => void }) {
  const { t } = useTranslation(['cfc', 'common']);
  const [de, setDe] = useState(text.de);
  const [en, setEn] = useState(text.en);
  const save = useApiMutation({
    mutate: () =>
      call('cfcUpdateHelpText', { params: { id: text.section as CfcSectionId }, body: { de, en } }),
    invalidate: [['cfcHelpTexts'], ['cfcSections'], ['cfcReportByUrl']],
    success: () => t('helpTexts.saved'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="cfc-help-text"
      title={t('helpTexts.editTitle')}
      mutation={save}
      onSubmit={() => save.run()}
      onClose={onClose}
      maxWidth="md"
    >
      <Typography variant="body2" color="text.secondary">
        {t('helpTexts.restoreHint')}
      </Typography>
      <TextField
        label={t('helpTexts.german')}
        value={de}
        onChange={(e) => setDe(e.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 4000, lang: 'de' } }}
      />
      <TextField
        label={t('helpTexts.english')}
        value={en}
        onChange={(e) => setEn(e.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 4000, lang: 'en' } }}
      />
    </FormDialog>
  );
}
