import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CfcSection } from '@klimadesk/contract/cfc/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { SETTINGS_KEYS, type CfcSectionId } from './cfc.ts';
import { SettingsBack } from './SettingsBack.tsx';

/** A section of the categories tree (scope, category, subsection). */
type TreeNode = Pick<CfcSection, 'id' | 'name' | 'free' | 'available'> & { children?: readonly TreeNode[] };

/** The sections of a subtree that hold entries (no children). */
export function leavesOf(node: TreeNode): TreeNode[] {
  return node.children && node.children.length > 0 ? node.children.flatMap(leavesOf) : [node];
}

/**
 * `/cfc/settings/scope` (seed 001 §1, §6): which scopes and categories the company reports.
 * Sections beyond the free ones need the paid tariff: they are marked and cannot be chosen
 * without it.
 */
export function CfcScopePage() {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const tree = useQuery(queryOptions('cfcCategoriesTree'));
  const settings = useQuery(queryOptions('cfcCompanySettings'));
  // The user's choice once they change it, else the saved sections.
  const [edited, setEdited] = useState<string[] | null>(null);
  const chosen = edited ?? settings.data?.activeSections ?? null;
  const canSave = can(me, 'cfcSetSections');
  const save = useApiMutation({
    mutate: (sections: string[]) =>
      call('cfcSetSections', { body: { sections: sections as CfcSectionId[] } }),
    invalidate: SETTINGS_KEYS,
    success: () => t('scope.saved'),
  });
  const toggle = (ids: string[], on: boolean) =>
    setEdited((c) => {
      const base = c ?? chosen ?? [];
      return on ? [...new Set([...base, ...ids])] : base.filter((x) => !ids.includes(x));
    });

  return (
    <>
      <SettingsBack />
      <PageHeader title={t('scope.title')} subtitle={t('scope.subtitle')} />
      <Box sx={{ maxWidth: 900, display: 'grid', gap: 2 }}>
        {settings.data && !settings.data.isPaid && (
          <Alert severity="info" data-testid="cfc-scope-free">
            {t('scope.freeHint')}
          </Alert>
        )}
        {!tree.data || chosen === null ? (
          <Skeleton variant="rounded" height={400} />
        ) : (
          tree.data.map((scope) => (
            <SectionCard key={scope.id} title={scope.name} description={scope.helpText}>
              {scope.children.map((c) => (
                <ScopeNode key={c.id} n={c} depth={0} chosen={chosen} canSave={canSave} onToggle={toggle} />
              ))}
            </SectionCard>
          ))
        )}
        {save.error && <Alert severity="error">{save.error}</Alert>}
        {canSave && (
          <Box>
            <Button
              variant="contained"
              disabled={save.busy || chosen === null || chosen.length === 0}
              onClick={() => chosen && void save.run(chosen)}
              data-testid="cfc-scope-save"
            >
              {t('common:actions.save')}
            </Button>
          </Box>
        )}
      </Box>
    </>
  );
}

/** A section with its checkbox over its available leaves, the paid tariff's chip, and its subsections. */
function ScopeNode({
  n,
  depth,
  chosen,
  canSave,
  onToggle,
}: {
  n: TreeNode;
  depth: number;
  chosen: string[];
  canSave: boolean;
  onToggle: (ids: string[], on: boolean) => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const leaves = leavesOf(n).filter((l) => l.available);
  const on = leaves.filter((l) => chosen.includes(l.id)).length;
  const locked = !n.available && leavesOf(n).every((l) => !l.available);
  return (
    <Box sx={{ pl: depth * 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={leaves.length > 0 && on === leaves.length}
              indeterminate={on > 0 && on < leaves.length}
              disabled={!canSave || locked}
              onChange={(e) =>
                onToggle(
                  leaves.map((l) => l.id),
                  e.target.checked,
                )
              }
              slotProps={{ input: { 'data-testid': `cfc-scope-${n.id}` } as object }}
            />
          }
          label={
            <Typography sx={{ fontWeight: depth === 0 ? 700 : n.children?.length ? 600 : 400 }}>
              {n.name}
            </Typography>
          }
        />
        {!n.free && (
          <Chip
            size="small"
            icon={locked ? <LockOutlined /> : undefined}
            color={locked ? 'default' : 'secondary'}
            variant="outlined"
            label={t('scope.paid')}
          />
        )}
      </Box>
      {n.children?.map((c) => (
        <ScopeNode key={c.id} n={c} depth={depth + 1} chosen={chosen} canSave={canSave} onToggle={onToggle} />
      ))}
    </Box>
  );
}
