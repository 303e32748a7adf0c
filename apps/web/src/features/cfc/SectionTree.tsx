import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SectionNode } from './cfc.ts';
import { RESULTS_SECTION, editPath } from './sectionNav.ts';

/**
 * The report's sections by scope (seed 001 §3): each with its entry count and a mark when an
 * entry is incomplete; a parent lists its subsections below it; the results at the end.
 */
export function SectionTree({
  tree,
  current,
  unit,
  year,
}: {
  tree: SectionNode[];
  current: string | null;
  unit: string;
  year: number;
}) {
  const { t } = useTranslation('cfc');
  return (
    <Box component="nav" aria-label={t('editor.sections')} data-testid="cfc-section-tree">
      {tree.map((scope) => (
        <List
          key={scope.internalName}
          dense
          subheader={
            <ListSubheader
              disableSticky
              sx={{ bgcolor: 'transparent', lineHeight: 1.4, py: 1, fontWeight: 700 }}
            >
              {scope.name}
              {scope.count > 0 ? ` (${scope.count})` : ''}
            </ListSubheader>
          }
        >
          {scope.subsections.map((c) => (
            <SectionItem key={c.internalName} node={c} depth={0} current={current} unit={unit} year={year} />
          ))}
        </List>
      ))}
      <List dense>
        <ListItemButton
          component={Link}
          to={editPath(unit, year, RESULTS_SECTION)}
          selected={current === RESULTS_SECTION}
          data-testid="cfc-section-results"
          sx={{ borderRadius: 2 }}
        >
          <InsightsOutlined fontSize="small" color="primary" sx={{ mr: 1 }} />
          <ListItemText
            primary={t('editor.results')}
            slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 650 } } }}
          />
        </ListItemButton>
      </List>
    </Box>
  );
}

/** A section with its entry count and incomplete mark, then its subsections indented below it. */
function SectionItem({
  node,
  depth,
  current,
  unit,
  year,
}: {
  node: SectionNode;
  depth: number;
  current: string | null;
  unit: string;
  year: number;
}) {
  const { t } = useTranslation('cfc');
  const isLeaf = node.subsections.length === 0;
  const selected = node.internalName === current;
  return (
    <Box>
      <ListItemButton
        component={Link}
        to={editPath(unit, year, node.internalName)}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        data-testid={`cfc-section-${node.internalName}`}
        sx={{ pl: 1.5 + depth * 2, borderRadius: 2, py: 0.5 }}
      >
        <ListItemText
          primary={node.name}
          slotProps={{ primary: { variant: 'body2', sx: { fontWeight: isLeaf ? 500 : 650 } } }}
        />
        {node.hasIncompleteEntries && (
          <Tooltip title={t('editor.incomplete')}>
            <ErrorOutline
              color="warning"
              fontSize="small"
              sx={{ ml: 0.5 }}
              aria-label={t('editor.incomplete')}
            />
          </Tooltip>
        )}
        {node.count > 0 && (
          <Chip
            size="small"
            label={node.count}
            color={selected ? 'primary' : 'default'}
            sx={{ ml: 0.75, height: 20, fontSize: '0.72rem' }}
            aria-label={t('editor.count', { count: node.count })}
          />
        )}
      </ListItemButton>
      {node.subsections.map((c) => (
        <SectionItem
          key={c.internalName}
          node={c}
          depth={depth + 1}
          current={current}
          unit={unit}
          year={year}
        />
      ))}
    </Box>
  );
}
