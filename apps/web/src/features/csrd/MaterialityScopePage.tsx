import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  IRO_CATEGORIES,
  type CsrdCategory,
  type CsrdScopeCode,
  type IroCategory,
} from '@klimadesk/contract/csrd/reference';
import type { IroEntry, MaterialityAnalysis, TopicResult } from '@klimadesk/contract/csrd/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { RowActionButtons, deleteAction, editAction } from '../../components/EntityListPage.tsx';
import { formatFigure } from '../../components/format.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { ANALYSIS_KEYS, inLanguage, scopeName, useCsrdScopes } from './csrdQueries.ts';
import { IroEntryDialog } from './IroEntryDialog.tsx';
import { AnalysisMatrix, ExportAnalysisButton } from './MaterialityMatrix.tsx';
import { ScopeNavigation, useTopicParams } from './ScopeNavigation.tsx';
import { scopesOf } from './CustomIroDialog.tsx';

/** The entry lists beside the matrix. */
const PAGE_SX = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' },
} as const;
const LISTS_SX = {
  display: 'grid',
  gap: 2,
  minWidth: 0,
  alignContent: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
} as const;

/**
 * The entries of one ESRS topic of an analysis (seed 001 §2 /materiality/{id}/{category}/{scope}):
 * one list each for negative and positive impacts, risks and opportunities, with their scores, and
 * the double-materiality matrix of the whole analysis.
 */
export function MaterialityScopePage() {
  const { id, category, scope } = useTopicParams();
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const scopes = useCsrdScopes();
  const analysis = useQuery(queryOptions('getMaterialityAnalysis', { params: { id } }));
  const navigation = useQuery(
    queryOptions('maScopesNavigation', { query: { category, materialityAnalysis: id } }),
  );
  const entries = useQuery({
    ...inLanguage(queryOptions('iroEntries', { query: { materialityAnalysis: id, scope } }), lang),
    select: (d) => d['hydra:member'],
  });
  const [dialog, setDialog] = useState<{ category: IroCategory; entry: IroEntry | null } | null>(null);
  const remove = useConfirmedWrite<IroEntry>({
    mutate: (e) => call('deleteIroEntry', { params: { id: e.id } }),
    invalidate: ANALYSIS_KEYS,
    success: (_r, e) => t('entry.deleted', { name: e.name }),
    confirm: (e) => deleteConfirm(t('entry.deleteTitle'), t('entry.deleteText', { name: e.name })),
  });
  const a = analysis.data;
  const canWrite = can(me, 'createIroEntry') && !a?.deletedAt;
  const go = (c: CsrdCategory, s: CsrdScopeCode) =>
    void navigate({ to: '/materiality/$id/$category/$scope', params: { id, category: c, scope: s } });
  const title = scopeName(scopes.data, scope, lang);
  if (!a) return <PageHeader title={title} />;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('scopePage.subtitle', { name: a.name, threshold: formatFigure(a.threshold, lang, 2) })}
        actions={<ScopePageActions id={id} />}
      />
      <ScopeNavigation
        navigation={navigation.data}
        current={scope}
        lang={lang}
        flaggedLabel={t('navigation.material')}
        category={category}
        allowed={scopesOf(a)}
        onTopic={go}
      />
      <TopicScores result={a.results.find((r) => r.scope === scope)} />
      <Box sx={PAGE_SX}>
        <Box sx={LISTS_SX}>
          {IRO_CATEGORIES.map((c) => (
            <EntryList
              key={c}
              analysis={a}
              category={c}
              entries={(entries.data ?? []).filter((e) => e.category === c)}
              canWrite={canWrite}
              onAdd={() => setDialog({ category: c, entry: null })}
              onEdit={(e) => setDialog({ category: c, entry: e })}
              onDelete={(e) => remove.ask(e)}
            />
          ))}
        </Box>
        <AnalysisMatrix analysis={a} />
      </Box>
      {dialog && (
        <IroEntryDialog
          analysis={a}
          scope={scope}
          category={dialog.category}
          entry={dialog.entry}
          onClose={() => setDialog(null)}
        />
      )}
      {remove.dialog}
    </>
  );
}

/** Back to the inventory, and the analysis's export. */
function ScopePageActions({ id }: { id: string }) {
  const { t } = useTranslation(['csrd', 'common']);
  const navigate = useNavigate();
  return (
    <>
      <Button
        onClick={() => void navigate({ to: '/materiality/$id/inventory', params: { id } })}
        startIcon={<ArrowBack />}
        variant="outlined"
      >
        {t('scopePage.inventory')}
      </Button>
      <ExportAnalysisButton id={id} />
    </>
  );
}

/** The topic's impact and financial scores and whether it is material. */
function TopicScores({ result }: { result: TopicResult | undefined }) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} data-testid="scope-result">
      <Chip
        label={t('scopePage.impactScore', {
          score: result?.impactScore == null ? '–' : formatFigure(result.impactScore, lang, 2),
        })}
        variant="outlined"
      />
      <Chip
        label={t('scopePage.financialScore', {
          score: result?.financialScore == null ? '–' : formatFigure(result.financialScore, lang, 2),
        })}
        variant="outlined"
      />
      <Chip
        color={result?.material ? 'success' : 'default'}
        label={result?.material ? t('matrix.material') : t('matrix.notMaterial')}
        data-testid="scope-material"
      />
    </Box>
  );
}

const dash = (n: number | null) => (n == null ? '–' : String(n));

function EntryList({
  analysis,
  category,
  entries,
  canWrite,
  onAdd,
  onEdit,
  onDelete,
}: {
  analysis: MaterialityAnalysis;
  category: IroCategory;
  entries: IroEntry[];
  canWrite: boolean;
  onAdd: () => void;
  onEdit: (e: IroEntry) => void;
  onDelete: (e: IroEntry) => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const impact = category === 'negative' || category === 'positive';
  return (
    <SectionCard
      title={t(`iroCategory.${category}`)}
      description={t(`iroCategoryHint.${category}`)}
      actions={
        canWrite ? (
          <Button size="small" startIcon={<Add />} onClick={onAdd} data-testid={`entry-add-${category}`}>
            {t('entry.add')}
          </Button>
        ) : undefined
      }
    >
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('entry.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t(`iroCategory.${category}`)} data-testid={`entries-${category}`}>
            <TableHead>
              <TableRow>
                <TableCell>{t('entry.iro')}</TableCell>
                <TableCell align="right">{t(impact ? 'entry.scaleShort' : 'entry.magnitudeShort')}</TableCell>
                {impact && <TableCell align="right">{t('entry.scopeShort')}</TableCell>}
                {category === 'negative' && (
                  <TableCell align="right">{t('entry.remediabilityShort')}</TableCell>
                )}
                <TableCell>{t('entry.probabilityShort')}</TableCell>
                <TableCell>{t('entry.time')}</TableCell>
                <TableCell align="right">{t('entry.internalExternal')}</TableCell>
                <TableCell align="right">{t('entry.score')}</TableCell>
                {canWrite && <TableCell align="right">{t('analysis.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e) => (
                <EntryRow
                  key={e.id}
                  e={e}
                  category={category}
                  scale={analysis.scale}
                  canWrite={canWrite}
                  onEdit={onEdit}
                  onDelete={onDelete}
                />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </SectionCard>
  );
}

/** An entry with its scores; scope only for impacts, remediability only for negative ones. */
function EntryRow({
  e,
  category,
  scale,
  canWrite,
  onEdit,
  onDelete,
}: {
  e: IroEntry;
  category: IroCategory;
  scale: number;
  canWrite: boolean;
  onEdit: (e: IroEntry) => void;
  onDelete: (e: IroEntry) => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const impact = category === 'negative' || category === 'positive';
  return (
    <TableRow data-testid={`entry-row-${e.name}`}>
      <TableCell sx={{ minWidth: 180 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {e.name}
        </Typography>
        {e.note && (
          <Typography variant="caption" color="text.secondary">
            {e.note}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">{e.entryScale}</TableCell>
      {impact && <TableCell align="right">{dash(e.entryScope)}</TableCell>}
      {category === 'negative' && <TableCell align="right">{dash(e.remediability)}</TableCell>}
      <TableCell>
        {impact && e.actual
          ? t('entry.actualShort')
          : t('entry.bandShort', { band: e.probabilityBand, scale })}
      </TableCell>
      <TableCell>{t(`time.${e.time}`)}</TableCell>
      <TableCell align="right">
        {dash(e.scoreInternal)} / {dash(e.scoreExternal)}
      </TableCell>
      <TableCell align="right">
        <Chip
          size="small"
          color={e.material ? 'success' : 'default'}
          variant={e.material ? 'filled' : 'outlined'}
          label={formatFigure(e.score, lang, 2)}
          data-testid={`entry-score-${e.name}`}
        />
      </TableCell>
      {canWrite && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <RowActionButtons
            actions={[
              editAction(t('entry.editAria', { name: e.name }), () => onEdit(e)),
              deleteAction(() => onDelete(e), { aria: t('entry.deleteAria', { name: e.name }) }),
            ]}
          />
        </TableCell>
      )}
    </TableRow>
  );
}
