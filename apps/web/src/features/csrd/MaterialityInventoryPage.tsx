import { useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ExpandMore from '@mui/icons-material/ExpandMore';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useTranslation } from 'react-i18next';
import { CSRD_SCOPES, categoryOfScope, type CsrdScopeCode } from '@klimadesk/contract/csrd/reference';
import type { Inventory, IroEntryBody, MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatFigure } from '../../components/format.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ANALYSIS_KEYS, inLanguage, scopeName, useCsrdScopes } from './csrdQueries.ts';
import { CustomIroDialog } from './CustomIroDialog.tsx';
import { MaterialityDialog } from './MaterialityDialog.tsx';
import { AnalysisMatrix, ExportAnalysisButton } from './MaterialityMatrix.tsx';

type Item = Inventory['items'][number];

/** A picked matter starts as an impact of its default kind with the lowest values; the topic's page scores it. */
export function firstEntry(analysisId: string, item: Item): IroEntryBody {
  return {
    materialityAnalysis: analysisId,
    iro: item.custom ? null : item.id,
    category: item.iroCategory,
    time: 'short',
    actual: false,
    entryScale: 1,
    entryScope: 1,
    remediability: item.iroCategory === 'negative' ? 1 : null,
    probability: 0,
  };
}

/**
 * Whether an entry still holds the values a tick gives it (`firstEntry`): a potential matter with
 * 0 % likelihood has not been scored, and its topic's figures say nothing yet.
 */
export function isUnscored(
  e: Pick<Item['entries'][number], 'actual' | 'probability' | 'entryScale' | 'entryScope'>,
) {
  return !e.actual && e.probability === 0 && e.entryScale === 1 && e.entryScope === 1;
}

/**
 * The IRO inventory of an analysis (seed 001 §2): the AR 16 sustainability matters of its sectors
 * and scopes plus its custom IROs, grouped by ESRS standard; a tick picks a matter for assessment
 * (a first entry in its default category), and the matrix shows where the topics stand.
 */
export function MaterialityInventoryPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const scopes = useCsrdScopes();
  const analysis = useQuery(queryOptions('getMaterialityAnalysis', { params: { id } }));
  const inventory = useInventoryGroups(id);
  const [editing, setEditing] = useState(false);
  const [addingCustom, setAddingCustom] = useState(false);
  const [unpick, setUnpick] = useState<Item | null>(null);
  const canWrite = can(me, 'createIroEntry') && !analysis.data?.deletedAt;

  const pick = useApiMutation({
    mutate: (item: Item) => call('createIroEntry', { body: firstEntry(id, item) }),
    invalidate: ANALYSIS_KEYS,
    success: (_r, item) => t('inventory.picked', { name: item.name }),
  });

  const a = analysis.data;
  // Material matters bring their disclosure requirements into the report (ESRS 1 §30).
  const materialMatters = new Set((a?.matterResults ?? []).filter((r) => r.material).map((r) => r.iro));
  if (!a) return <PageHeader title={t('inventory.title')} />;
  const picking: Picking = {
    analysisId: id,
    disabled: !canWrite || pick.busy,
    material: materialMatters,
    onPick: (item) => void pick.run(item),
    onUnpick: setUnpick,
  };
  return (
    <>
      <PageHeader
        title={t('inventory.titleOf', { name: a.name })}
        subtitle={t('inventory.subtitle', {
          scale: a.scale,
          limit: a.scaleUpperLimit,
          threshold: formatFigure(a.threshold, lang, 2),
        })}
        actions={
          <InventoryActions
            analysis={a}
            canWrite={canWrite}
            onEdit={() => setEditing(true)}
            onAddCustom={() => setAddingCustom(true)}
          />
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box sx={{ minWidth: 0 }} data-testid="inventory">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('inventory.intro')}
          </Typography>
          {inventory.groups.map((g) => (
            <InventoryGroup
              key={g.scope}
              scope={g.scope}
              label={scopeName(scopes.data, g.scope, lang)}
              items={g.items}
              picking={picking}
            />
          ))}
          {inventory.isSuccess && inventory.groups.length === 0 && (
            <Typography color="text.secondary">{t('inventory.empty')}</Typography>
          )}
        </Box>
        <AnalysisMatrix analysis={a} />
      </Box>
      {editing && <MaterialityDialog analysis={a} onClose={() => setEditing(false)} />}
      {addingCustom && <CustomIroDialog analysis={a} onClose={() => setAddingCustom(false)} />}
      {unpick && <UnpickDialog analysis={a} item={unpick} onClose={() => setUnpick(null)} />}
    </>
  );
}

/** The inventory's matters grouped by ESRS standard, in ESRS order; standards without matters left out. */
function useInventoryGroups(id: string) {
  const inventory = useQuery(
    inLanguage(queryOptions('materialityInventory', { params: { id } }), currentLanguage()),
  );
  const groups = useMemo(() => {
    const items = inventory.data?.items ?? [];
    return CSRD_SCOPES.map((scope) => ({ scope, items: items.filter((i) => i.scope === scope) })).filter(
      (g) => g.items.length > 0,
    );
  }, [inventory.data]);
  return { groups, isSuccess: inventory.isSuccess };
}

/** The analysis's export and settings, and a custom IRO. */
function InventoryActions({
  analysis,
  canWrite,
  onEdit,
  onAddCustom,
}: {
  analysis: MaterialityAnalysis;
  canWrite: boolean;
  onEdit: () => void;
  onAddCustom: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const me = useMe();
  return (
    <>
      <ExportAnalysisButton id={analysis.id} />
      {can(me, 'updateMaterialityAnalysis') && !analysis.deletedAt && (
        <Button startIcon={<SettingsOutlined />} variant="outlined" onClick={onEdit}>
          {t('analysis.settings')}
        </Button>
      )}
      {canWrite && (
        <Button startIcon={<Add />} variant="contained" onClick={onAddCustom} data-testid="custom-iro-add">
          {t('inventory.addCustom')}
        </Button>
      )}
    </>
  );
}

/** How the matters are picked: a tick creates a first entry, an untick asks before deleting the entries. */
type Picking = {
  analysisId: string;
  disabled: boolean;
  /** The matters found material. */
  material: ReadonlySet<string>;
  onPick: (item: Item) => void;
  onUnpick: (item: Item) => void;
};

/** The matters of one ESRS standard, open when one of them is picked, and the way to assess them. */
function InventoryGroup({
  scope,
  label,
  items,
  picking,
}: {
  scope: CsrdScopeCode;
  label: string;
  items: Item[];
  picking: Picking;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const navigate = useNavigate();
  const picked = items.filter((i) => i.entries.length > 0).length;
  return (
    <Accordion disableGutters defaultExpanded={picked > 0} data-testid={`inventory-${scope}`}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', width: '100%' }}>
          <Typography sx={{ fontWeight: 650 }}>{label}</Typography>
          <Chip
            size="small"
            variant="outlined"
            label={t('inventory.pickedCount', { picked, total: items.length })}
          />
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 0.5 }}>
        {items.map((item) => (
          <InventoryItem key={item.id} item={item} scope={scope} picking={picking} />
        ))}
        <Box sx={{ mt: 1 }}>
          <Button
            onClick={() =>
              void navigate({
                to: '/materiality/$id/$category/$scope',
                params: { id: picking.analysisId, category: categoryOfScope(scope), scope },
              })
            }
            size="small"
            data-testid={`inventory-assess-${scope}`}
          >
            {t('inventory.assessScope', { scope })}
          </Button>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

/** A matter with its tick, its marks (custom, material, not scored) and the way to its entries. */
function InventoryItem({ item, scope, picking }: { item: Item; scope: CsrdScopeCode; picking: Picking }) {
  const { t } = useTranslation(['csrd', 'common']);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        pl: item.level === 'sub-sub-topic' ? 3 : 0,
      }}
    >
      <FormControlLabel
        sx={{ flex: 1, minWidth: 220, mr: 0 }}
        control={
          <Checkbox
            checked={item.entries.length > 0}
            disabled={picking.disabled}
            onChange={(e) => (e.target.checked ? picking.onPick(item) : picking.onUnpick(item))}
            slotProps={{
              input: { 'aria-label': t('inventory.pickAria', { name: item.name }) },
            }}
            data-testid={`iro-pick-${item.id}`}
          />
        }
        label={
          <Box>
            <Typography variant="body2" sx={{ fontWeight: item.level === 'sub-topic' ? 600 : 400 }}>
              {item.custom ? item.name : `${item.id} ${item.name}`}
            </Typography>
            {item.subTopic && item.level === 'sub-sub-topic' && (
              <Typography variant="caption" color="text.secondary">
                {item.subTopic}
              </Typography>
            )}
          </Box>
        }
      />
      {item.custom && (
        <Chip size="small" color="secondary" variant="outlined" label={t('inventory.custom')} />
      )}
      {picking.material.has(item.id) && (
        <MaterialChip codes={item.custom ? null : (item.disclosureRequirements ?? [])} />
      )}
      {item.entries.length > 0 && item.entries.every(isUnscored) && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={t('inventory.notScored')}
          title={t('inventory.notScoredHint')}
          data-testid={`iro-not-scored-${item.id}`}
        />
      )}
      {item.entries.length > 0 && (
        <RouterLink
          to="/materiality/$id/$category/$scope"
          params={{ id: picking.analysisId, category: categoryOfScope(scope), scope }}
          variant="body2"
        >
          {t('inventory.entries', { count: item.entries.length })}
        </RouterLink>
      )}
    </Box>
  );
}

/** A material matter and what it brings into the report: its requirements, or its whole standard. */
function MaterialChip({ codes }: { codes: string[] | null }) {
  const { t } = useTranslation(['csrd']);
  const label = codes
    ? t('inventory.materialBrings', { codes: codes.join(', ') })
    : t('inventory.materialWhole');
  return (
    <Chip
      size="small"
      color="success"
      label={label}
      title={t('inventory.materialHint')}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      data-testid="iro-material"
    />
  );
}

/** Taking a matter out of the assessment deletes its entries, after asking. */
function UnpickDialog({ item, onClose }: { analysis: MaterialityAnalysis; item: Item; onClose: () => void }) {
  const { t } = useTranslation(['csrd', 'common']);
  const remove = useApiMutation({
    mutate: async () => {
      for (const e of item.entries) await call('deleteIroEntry', { params: { id: e.id } });
    },
    invalidate: ANALYSIS_KEYS,
    success: t('inventory.unpicked', { name: item.name }),
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      title={t('inventory.unpickTitle')}
      text={t('inventory.unpickText', { name: item.name, count: item.entries.length })}
      confirmLabel={t('common:actions.delete')}
      onClose={onClose}
      onConfirm={() => remove.runOrThrow()}
    />
  );
}
