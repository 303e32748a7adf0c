import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useParams, useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { VsmeCatalogue, VsmeDatapoint, VsmeDisclosure } from '@klimadesk/contract/vsme/catalogue';
import type {
  VsmeCompleteness,
  VsmeFact,
  VsmeReport,
  VsmeValue,
  VsmeValueInput,
} from '@klimadesk/contract/vsme/schemas';
import { call, callFile, can, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { downloadOrNotify } from '../../components/download.ts';
import { saveBlob } from '../../components/files.ts';
import { errorText, notifyError } from '../../components/errors.ts';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { PageColumns, PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { formatDay } from '../../components/units.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ReasonDialog, VSME_KEYS, VsmeSettingsDialog } from './VsmeDialogs.tsx';
import { type SaveValue, VsmeGroupCard } from './VsmeGroupCard.tsx';
import { VsmeFootprintNote } from './VsmeFootprintNote.tsx';
import { VsmeValidationCard } from './VsmeValidationCard.tsx';
import { factKey, factsOf, figureText, isNumeric, sameValue } from './vsmeModel.ts';

/** The VSME catalogue in the UI language; static, loaded once per language. */
export function useVsmeCatalogue() {
  const lang = currentLanguage();
  return useQuery({
    ...queryOptions('vsmeCatalogue'),
    queryKey: ['vsmeCatalogue', lang],
    staleTime: Infinity,
  });
}

/** Disclosure list on wide screens, a select on a phone; each with its completeness. */
function DisclosureNav({
  catalogue,
  completeness,
  selected,
  onSelect,
}: {
  catalogue: VsmeCatalogue;
  completeness: VsmeCompleteness[];
  selected: string;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation('vsme');
  const of = (d: VsmeDisclosure) => completeness.find((c) => c.code === d.code);
  const progress = (c: VsmeCompleteness | undefined) =>
    !c?.included ? t('report.onlyOptionB') : c.notApplicable ? '–' : t('report.filled', c);
  return (
    <>
      <TextField
        select
        size="small"
        label={t('report.disclosureSelect')}
        value={selected}
        onChange={(e) => onSelect(e.target.value)}
        sx={{ display: { xs: 'flex', lg: 'none' } }}
        slotProps={{ htmlInput: { 'data-testid': 'vsme-disclosure-select' } }}
      >
        {catalogue.disclosures.map((d) => (
          <MenuItem key={d.code} value={d.code}>
            {d.code} {d.label} ({progress(of(d))})
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: { xs: 'none', lg: 'block' } }}>
        <SectionCard title={t('report.disclosures')}>
          <List dense disablePadding sx={{ mx: -1 }}>
            {(['basic', 'comprehensive'] as const).map((module) => (
              <Box key={module}>
                <Typography variant="overline" color="text.secondary" sx={{ px: 1 }}>
                  {t(`report.${module}`)}
                </Typography>
                {catalogue.disclosures
                  .filter((d) => d.module === module)
                  .map((d) => {
                    const c = of(d);
                    const share = c && c.applicable ? (c.filled / c.applicable) * 100 : 0;
                    return (
                      <ListItemButton
                        key={d.code}
                        selected={d.code === selected}
                        onClick={() => onSelect(d.code)}
                        sx={{ display: 'block', borderRadius: 2, opacity: c?.included ? 1 : 0.6 }}
                        data-testid={`vsme-nav-${d.code}`}
                      >
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {d.code}{' '}
                          <Box component="span" sx={{ fontWeight: 400 }}>
                            {d.label}
                          </Box>
                        </Typography>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          <LinearProgress
                            variant="determinate"
                            value={c?.notApplicable ? 100 : share}
                            sx={{ flex: 1, height: 4, borderRadius: 2 }}
                          />
                          <Typography variant="caption" color="text.secondary">
                            {progress(c)}
                          </Typography>
                        </Box>
                      </ListItemButton>
                    );
                  })}
              </Box>
            ))}
          </List>
        </SectionCard>
      </Box>
    </>
  );
}

function Downloads({ report }: { report: VsmeReport }) {
  const { t } = useTranslation('vsme');
  const [lang, setLang] = useState<Language>(currentLanguage());
  const params = { id: report.id };
  const file = async (kind: 'pdf' | 'xlsx' | 'ixbrl' | 'package') => {
    if (kind === 'pdf' || kind === 'xlsx')
      return downloadOrNotify(call('exportVsmeReport', { params, query: { format: kind, lang } }));
    try {
      // The Inline XBRL document and its package come as files (refused while the check finds errors).
      const { blob, fileName } = await callFile(kind === 'ixbrl' ? 'vsmeReportIxbrl' : 'vsmeReportPackage', {
        params,
        query: { lang },
      });
      saveBlob(blob, fileName ?? `VSME-${report.year}.${kind === 'ixbrl' ? 'xhtml' : 'zip'}`);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <SectionCard title={t('report.downloads')}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label={t('report.docLang')}
          value={lang}
          onChange={(e) => setLang(e.target.value as Language)}
          sx={{ maxWidth: 240 }}
        >
          <MenuItem value="de">Deutsch</MenuItem>
          <MenuItem value="en">English</MenuItem>
        </TextField>
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, auto)' },
            justifyContent: 'start',
          }}
        >
          {(['pdf', 'xlsx', 'ixbrl', 'package'] as const).map((kind) => (
            <Button
              key={kind}
              variant="outlined"
              size="small"
              startIcon={<DownloadOutlined />}
              onClick={() => void file(kind)}
              data-testid={`vsme-download-${kind}`}
            >
              {t(`report.${kind}`)}
            </Button>
          ))}
        </Box>
      </Box>
    </SectionCard>
  );
}

type Pending = { dp: VsmeDatapoint; member: string; value: VsmeValue; footprint: VsmeValue };

/**
 * The writes of a report's values: a value is saved at once, one that differs from the carbon
 * footprint's figure after its reason is given (`dialog`, rendered by the page).
 */
function useValueWrites(id: string, facts: ReadonlyMap<string, VsmeFact>) {
  const { t } = useTranslation('vsme');
  const lang = currentLanguage();
  const qc = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const stored = (r: VsmeReport) => qc.setQueryData(queryKeyOf('getVsmeReport', { params: { id } }), r);
  const send = (values: VsmeValueInput[]) => call('updateVsmeValues', { params: { id }, body: { values } });
  const write = useApiMutation({
    mutate: send,
    onSuccess: stored,
    invalidate: [['vsmeReportValidation'], ['vsmeReports']],
    errorOf: (err) => {
      notifyError(err);
      return errorText(err);
    },
  });
  const shown = (dp: VsmeDatapoint, v: VsmeValue) =>
    typeof v === 'number' && isNumeric(dp.kind)
      ? `${figureText(dp.kind, v, lang)} ${t(`units.${dp.kind}`, '')}`.trim()
      : String(v);
  const save: SaveValue = (dp, member, value) => {
    const prefill = facts.get(factKey(dp.concept, member))?.prefill;
    if (value !== null && prefill && !sameValue(value, prefill.value)) {
      setPending({ dp, member, value, footprint: prefill.value });
      return;
    }
    void write.run([{ concept: dp.concept, member, value }]);
  };
  const dialog = pending && (
    <ReasonDialog
      footprint={shown(pending.dp, pending.footprint)}
      entered={shown(pending.dp, pending.value)}
      onSave={async (overrideReason) => {
        const { dp, member, value } = pending;
        stored(await send([{ concept: dp.concept, member, value, overrideReason }]));
        for (const queryKey of VSME_KEYS) void qc.invalidateQueries({ queryKey });
      }}
      onClose={() => setPending(null)}
    />
  );
  return { save, dialog };
}

/** The report's title with option and period, and the settings button for those who write. */
function ReportHeader({ report, onSettings }: { report: VsmeReport; onSettings: (() => void) | null }) {
  const { t } = useTranslation('vsme');
  const lang = currentLanguage();
  return (
    <>
      <Box>
        <RouterLink to="/vsme-report/overview">{t('report.back')}</RouterLink>
      </Box>
      <PageHeader
        title={t('report.title', { year: report.year })}
        subtitle={t('report.subtitle', {
          option: t(report.comprehensive ? 'list.optionB' : 'list.optionA'),
          from: formatDay(report.periodStart, lang),
          to: formatDay(report.periodEnd, lang),
        })}
        actions={
          onSettings && (
            <Button
              variant="outlined"
              startIcon={<SettingsOutlined />}
              onClick={onSettings}
              data-testid="vsme-settings"
            >
              {t('report.settings')}
            </Button>
          )
        }
      />
    </>
  );
}

const NO_FACTS: ReadonlyMap<string, VsmeFact> = new Map();

/**
 * One VSME report (issue 40): the disclosures with their completeness, each disclosure's groups
 * entered through the one field renderer, the footprint's figures marked with their source and
 * overridable with a reason, the check before the Inline XBRL export, and the downloads.
 */
export function VsmeReportPage() {
  const { t } = useTranslation(['vsme', 'common']);
  const me = useMe();
  const { id } = useParams({ strict: false }) as { id: string };
  const report = useQuery(queryOptions('getVsmeReport', { params: { id } }));
  const catalogue = useVsmeCatalogue();
  const search = useSearch({ strict: false }) as { disclosure?: string };
  const [selected, setSelected] = useState(search.disclosure ?? 'B1');
  const [settings, setSettings] = useState(false);
  const facts = useMemo(() => (report.data ? factsOf(report.data) : NO_FACTS), [report.data]);
  const writes = useValueWrites(id, facts);
  const readOnly = !can(me, 'updateVsmeValues');
  if (!report.data || !catalogue.data) return <FullPageLoader />;
  const r = report.data;
  const c = catalogue.data;
  const disclosure = c.disclosures.find((d) => d.code === selected) ?? c.disclosures[0];
  const state = r.completeness.find((x) => x.code === disclosure.code);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <ReportHeader report={r} onSettings={readOnly ? null : () => setSettings(true)} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <VsmeValidationCard reportId={r.id} catalogue={c} />
        <Downloads report={r} />
      </Box>
      <PageColumns columns="300px minmax(0, 1fr)">
        <DisclosureNav
          catalogue={c}
          completeness={r.completeness}
          selected={disclosure.code}
          onSelect={setSelected}
        />
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
          data-testid={`vsme-disclosure-${disclosure.code}`}
        >
          <Typography variant="h2">
            {disclosure.code} {disclosure.label}
          </Typography>
          {!state?.included && <Alert severity="info">{t('report.onlyOptionB')}</Alert>}
          {disclosure.code === 'B3' && <VsmeFootprintNote report={r} />}
          {state?.notApplicable ? (
            <Alert severity="info">{t('report.notApplicable')}</Alert>
          ) : (
            disclosure.groups.map((g) => (
              <VsmeGroupCard
                key={g.id}
                group={g}
                catalogue={c}
                facts={facts}
                readOnly={readOnly}
                onSave={writes.save}
              />
            ))
          )}
        </Box>
      </PageColumns>
      {settings && <VsmeSettingsDialog report={r} catalogue={c} onClose={() => setSettings(false)} />}
      {writes.dialog}
    </Box>
  );
}
