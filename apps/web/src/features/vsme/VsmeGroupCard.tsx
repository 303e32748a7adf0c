import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import { useTranslation } from 'react-i18next';
import type { VsmeCatalogue, VsmeDatapoint, VsmeGroup } from '@klimadesk/contract/vsme/catalogue';
import type { VsmeFact, VsmeSource, VsmeValue } from '@klimadesk/contract/vsme/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { VsmeField } from './VsmeField.tsx';
import { factKey, figureText, isNumeric, rowMember, tableRows, visibleDatapoints } from './vsmeModel.ts';

/** A write of one value; the page asks for a reason where it overrides the footprint. */
export type SaveValue = (dp: VsmeDatapoint, member: string, value: VsmeValue | null) => void;

type Props = {
  group: VsmeGroup;
  catalogue: VsmeCatalogue;
  facts: ReadonlyMap<string, VsmeFact>;
  readOnly: boolean;
  onSave: SaveValue;
};

/** Where a prefilled value comes from, in words: `CO2-Bilanz 2026, Scope 1 (Zentrale Hamburg)`. */
export function useSourceText() {
  const { t } = useTranslation('vsme');
  return (s: VsmeSource) => {
    if (s.kind === 'settings') return t('source.settings');
    const units = [...new Set(s.reports.map((r) => r.businessUnit).filter(Boolean))].join(', ');
    const text = t(`source.${s.kind}`, { year: s.year, figure: t(`source.figures.${s.figure}`, s.figure) });
    return units ? `${text} (${units})` : text;
  };
}

/** The caption of a value taken from the footprint, or of one that differs from it, with the way back. */
function Origin({
  dp,
  fact,
  readOnly,
  onReset,
}: {
  dp: VsmeDatapoint;
  fact: VsmeFact;
  readOnly: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation('vsme');
  const lang = currentLanguage();
  const source = useSourceText();
  if (!fact.prefill) return null;
  if (fact.prefill.source.kind === 'settings')
    return (
      <Typography variant="caption" color="text.secondary">
        {t('field.fromSettings')}
      </Typography>
    );
  if (fact.origin === 'prefilled')
    return (
      <Typography variant="caption" color="success.main" data-testid={`vsme-prefill-${dp.concept}`}>
        {t('field.prefilled', { source: source(fact.prefill.source) })}
      </Typography>
    );
  const prefill = fact.prefill.value;
  const shown =
    typeof prefill === 'number' && isNumeric(dp.kind)
      ? `${figureText(dp.kind, prefill, lang)} ${t(`units.${dp.kind}`, '')}`.trim()
      : String(prefill);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Typography variant="caption" color="warning.main" data-testid={`vsme-override-${dp.concept}`}>
        {t('field.overridden', { value: shown, reason: fact.overrideReason ?? '' })}
      </Typography>
      {!readOnly && (
        <Tooltip title={t('field.reset')}>
          <IconButton size="small" aria-label={t('field.reset')} onClick={onReset}>
            <RestartAltOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function PlainGroup({ group, catalogue, facts, readOnly, onSave }: Props) {
  const { t } = useTranslation('vsme');
  // minmax(0, …): a long label or a field with chips wraps inside the card instead of widening it past a phone's width.
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {visibleDatapoints(group, facts).map((dp) => {
        const fact = facts.get(factKey(dp.concept, ''));
        const fromSettings = fact?.prefill?.source.kind === 'settings';
        return (
          <Box
            key={dp.concept}
            sx={{
              display: 'grid',
              gap: { xs: 0.5, md: 2 },
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
              pl: dp.depth * 2,
              alignItems: 'start',
            }}
          >
            <Box sx={{ pt: { md: 0.5 } }}>
              <Typography variant="body2" sx={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
                {dp.label}
              </Typography>
              {dp.reference && (
                <Typography variant="caption" color="text.secondary">
                  {dp.reference.uri ? (
                    <Link href={dp.reference.uri} target="_blank" rel="noopener noreferrer">
                      {t('report.reference', { ref: dp.reference.text })}
                    </Link>
                  ) : (
                    t('report.reference', { ref: dp.reference.text })
                  )}
                </Typography>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <VsmeField
                dp={dp}
                value={fact?.value}
                members={dp.domain ? catalogue.domains[dp.domain] : undefined}
                label={dp.label}
                hideLabel
                readOnly={readOnly || fromSettings}
                onCommit={(v) => onSave(dp, '', v)}
                testId={`vsme-field-${dp.concept}`}
              />
              {fact && (
                <Origin dp={dp} fact={fact} readOnly={readOnly} onReset={() => onSave(dp, '', null)} />
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** Adds a row to an open table (a member of its list) or a typed one (an identifier). */
function AddRow({
  group,
  catalogue,
  rows,
  onAdd,
}: {
  group: VsmeGroup;
  catalogue: VsmeCatalogue;
  rows: string[];
  onAdd: (member: string) => void;
}) {
  const { t } = useTranslation('vsme');
  const [id, setId] = useState('');
  const table = group.table!;
  if (table.kind === 'typed')
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('field.rowIdentifier')}
          value={id}
          onChange={(e) => setId(e.target.value)}
        />
        <Button
          variant="outlined"
          disabled={!id.trim() || rows.includes(`typed:${id.trim()}`)}
          onClick={() => {
            onAdd(`typed:${id.trim()}`);
            setId('');
          }}
        >
          {t('field.addRow')}
        </Button>
      </Box>
    );
  const options = (catalogue.domains[table.domain ?? ''] ?? []).filter((m) => !rows.includes(m.qname));
  return (
    <Autocomplete
      options={options}
      value={null}
      getOptionLabel={(m) => m.label}
      onChange={(_e, m) => m && onAdd(m.qname)}
      sx={{ maxWidth: 480 }}
      renderInput={(params) => <TextField {...params} size="small" label={t('field.chooseMember')} />}
    />
  );
}

/** One row of a table group: a field per datapoint, the footprint's mark, and removal for added rows. */
function TableGroupRow({
  group,
  catalogue,
  facts,
  readOnly,
  onSave,
  member,
  rowLabel,
  onRemove,
}: Props & { member: string; rowLabel: string; onRemove: () => void }) {
  const { t } = useTranslation('vsme');
  const table = group.table!;
  return (
    <TableRow>
      <TableCell>{rowLabel}</TableCell>
      {group.datapoints.map((dp) => {
        const fact = facts.get(factKey(dp.concept, member));
        return (
          <TableCell key={dp.concept}>
            <VsmeField
              dp={dp}
              value={fact?.value}
              members={dp.domain ? catalogue.domains[dp.domain] : undefined}
              label={`${dp.label} – ${rowLabel}`}
              hideLabel
              readOnly={readOnly}
              onCommit={(v) => onSave(dp, member, v)}
            />
            {fact?.prefill && fact.origin === 'prefilled' && (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                label={t('field.fromFootprint')}
                sx={{ mt: 0.5 }}
              />
            )}
          </TableCell>
        );
      })}
      {table.kind !== 'fixed' && !readOnly && (
        <TableCell>
          <IconButton size="small" aria-label={t('field.removeRow', { row: rowLabel })} onClick={onRemove}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
}

function TableGroup(props: Props) {
  const { group, catalogue, facts, readOnly, onSave } = props;
  const table = group.table!;
  const [added, setAdded] = useState<string[]>([]);
  const rows = [...new Set([...tableRows(group, facts), ...added])];
  const labelOf = (member: string) => {
    if (member.startsWith('typed:')) return member.slice('typed:'.length);
    const fixed = table.members.find((m) => rowMember(m) === member);
    if (fixed) return fixed.label;
    return catalogue.domains[table.domain ?? '']?.find((m) => m.qname === member)?.label ?? member;
  };
  const remove = (member: string) => {
    setAdded((a) => a.filter((m) => m !== member));
    for (const dp of group.datapoints) if (facts.has(factKey(dp.concept, member))) onSave(dp, member, null);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={group.label}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 160 }}>{table.label}</TableCell>
              {group.datapoints.map((dp) => (
                <TableCell key={dp.concept} sx={{ minWidth: 170, verticalAlign: 'bottom' }}>
                  {dp.label}
                </TableCell>
              ))}
              {table.kind !== 'fixed' && !readOnly && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((member) => (
              <TableGroupRow
                key={member}
                {...props}
                member={member}
                rowLabel={labelOf(member)}
                onRemove={() => remove(member)}
              />
            ))}
          </TableBody>
        </Table>
      </Box>
      {table.kind !== 'fixed' && !readOnly && (
        <AddRow group={group} catalogue={catalogue} rows={rows} onAdd={(m) => setAdded((a) => [...a, m])} />
      )}
    </Box>
  );
}

/** One presentation group of a disclosure: its datapoints as fields, or its table of rows and columns. */
export function VsmeGroupCard(props: Props) {
  return (
    <SectionCard title={props.group.label}>
      {props.group.table ? <TableGroup {...props} /> : <PlainGroup {...props} />}
    </SectionCard>
  );
}
