import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import MuiLink from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CfcReportDetail } from '@klimadesk/contract/cfc/schemas';
import type { CfcFreightKind, CfcFreightSuggestion } from '@klimadesk/contract/cfc/results';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { errorText } from '../../components/errors.ts';
import { formatFigure, formatNumber } from '../../components/format.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { notify } from '../../components/notify.ts';
import { ENTRY_KEYS, type CfcSectionId, formatTonnes } from './cfc.ts';

/**
 * The items the apply call takes: the kinds ticked, each with the section chosen for it and the
 * share (percent) entered; without an entered share the server takes what is still free.
 */
export function freightItems(
  suggestions: readonly CfcFreightSuggestion[],
  picked: ReadonlySet<CfcFreightKind>,
  sections: Readonly<Partial<Record<CfcFreightKind, string>>>,
  shares: Readonly<Partial<Record<CfcFreightKind, number>>> = {},
): { kind: CfcFreightKind; section: CfcSectionId; share?: number }[] {
  return suggestions
    .filter((s) => picked.has(s.kind))
    .map((s) => ({
      kind: s.kind,
      section: (sections[s.kind] ?? s.section) as CfcSectionId,
      ...(shares[s.kind] === undefined ? {} : { share: shares[s.kind] }),
    }));
}

/**
 * The freight tool's figures of the report's year offered as entries (issue 19): own-fleet tours
 * to scope 1 (TTW) and 3.3 (WTT), other carriers' tours and orders to 3.4 or 3.9 (WTW), each with
 * a link back to the list it comes from. Read-only users see the figures but take nothing over.
 */
export function FreightDialog({
  report,
  canApply,
  onClose,
}: {
  report: Pick<CfcReportDetail, 'id' | 'year' | 'sections'>;
  canApply: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const offers = useQuery(queryOptions('cfcFreightSuggestions', { params: { id: report.id } }));
  const list = offers.data?.suggestions ?? [];
  const draft = useFreightDraft(list);
  const { apply, error, setError } = useApplyFreight(report.id, onClose);
  const sectionName = (id: string) => report.sections.find((s) => s.id === id)?.name ?? id;

  return (
    <FormDialog
      id="cfc-freight"
      title={t('freight.title', { year: report.year })}
      mutation={{ busy: apply.isPending, error, clearError: () => setError(null) }}
      onSubmit={() => {
        setError(null);
        apply.mutate(freightItems(list, draft.ticked, draft.sections, draft.shares));
      }}
      onClose={onClose}
      maxWidth="md"
      sx={{ display: 'grid', gap: 2 }}
      submitLabel={canApply ? t('freight.apply', { count: draft.ticked.size }) : t('freight.applyNone')}
      submitDisabled={!canApply || draft.ticked.size === 0 || list.length === 0}
      submitTestId="cfc-freight-apply"
      errorTestId="cfc-freight-error"
    >
      <DialogContentText>{t('freight.text')}</DialogContentText>
      {!canApply && (
        <Alert severity="info" data-testid="cfc-freight-readonly">
          {t('freight.readOnly')}
        </Alert>
      )}
      {offers.isError ? (
        <Alert severity="error">{errorText(offers.error)}</Alert>
      ) : !offers.data ? (
        <Skeleton variant="rounded" height={160} />
      ) : list.length === 0 ? (
        <Alert severity="info" data-testid="cfc-freight-empty">
          {t('freight.empty', { year: report.year })}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="cfc-freight-list">
          {list.map((s) => (
            <FreightOffer
              key={s.kind}
              s={s}
              canApply={canApply}
              busy={apply.isPending}
              draft={draft}
              sectionName={sectionName}
            />
          ))}
        </Box>
      )}
    </FormDialog>
  );
}

/** The user's choices over the offers: the kinds ticked, and per kind the section and share. */
function useFreightDraft(list: readonly CfcFreightSuggestion[]) {
  // Every offer is ticked until the user changes it.
  const [picked, setPicked] = useState<Set<CfcFreightKind> | null>(null);
  // Figures other units took over in full are not offered for ticking.
  const ticked = picked ?? new Set(list.filter((s) => s.available > 0).map((s) => s.kind));
  const [sections, setSections] = useState<Partial<Record<CfcFreightKind, string>>>({});
  const [shares, setShares] = useState<Partial<Record<CfcFreightKind, number>>>({});
  const toggle = (kind: CfcFreightKind, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(kind);
    else next.delete(kind);
    setPicked(next);
  };
  const setSection = (kind: CfcFreightKind, id: string) => setSections((m) => ({ ...m, [kind]: id }));
  const setShare = (kind: CfcFreightKind, share: number) => setShares((m) => ({ ...m, [kind]: share }));
  return { ticked, toggle, sections, setSection, shares, setShare };
}

type FreightDraft = ReturnType<typeof useFreightDraft>;

/** Takes the ticked offers over as entries and refetches the entries and the offers. */
function useApplyFreight(report: string, onClose: () => void) {
  const { t } = useTranslation(['cfc', 'common']);
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (items: ReturnType<typeof freightItems>) =>
      call('cfcApplyFreightSuggestions', { params: { id: report }, body: { items } }),
    onSuccess: (r) => {
      notify(t('freight.done', { created: r.created, updated: r.updated }), 'success', { log: true });
      for (const queryKey of [...ENTRY_KEYS, ['cfcFreightSuggestions']])
        void qc.invalidateQueries({ queryKey });
      onClose();
    },
    onError: (err) => setError(errorText(err)),
  });
  return { apply, error, setError };
}

type OfferProps = {
  s: CfcFreightSuggestion;
  canApply: boolean;
  busy: boolean;
  draft: FreightDraft;
  sectionName: (id: string) => string;
};

/** One offer: its tick, name and figure, where it goes, and what other units took over already. */
function FreightOffer({ s, canApply, busy, draft, sectionName }: OfferProps) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  return (
    <Box
      data-testid={`cfc-freight-${s.kind}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: canApply ? 'auto minmax(0, 1fr)' : 'minmax(0, 1fr)',
        columnGap: 1,
        alignItems: 'start',
        border: 1,
        borderColor: draft.ticked.has(s.kind) && canApply ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 1.5,
      }}
    >
      {canApply && (
        <Checkbox
          checked={draft.ticked.has(s.kind)}
          onChange={(e) => draft.toggle(s.kind, e.target.checked)}
          disabled={busy || s.available <= 0}
          sx={{ mt: -0.75, ml: -0.75 }}
          slotProps={{
            input: { 'aria-label': s.name, 'data-testid': `cfc-freight-pick-${s.kind}` } as object,
          }}
        />
      )}
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            columnGap: 2,
          }}
        >
          <Typography sx={{ fontWeight: 600 }}>{s.name}</Typography>
          <Typography
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            data-testid={`cfc-freight-figure-${s.kind}`}
          >
            {formatTonnes(s.co2eKg, lang)} CO₂e
          </Typography>
        </Box>
        <FreightOfferDetails s={s} canApply={canApply} busy={busy} draft={draft} sectionName={sectionName} />
        {s.takenBy.length > 0 && (
          <Alert severity="info" data-testid={`cfc-freight-taken-by-${s.kind}`}>
            {t('freight.takenBy', {
              units: s.takenBy
                .map((x) => `${x.businessUnit.name} (${formatFigure(x.share, lang, 2)} %)`)
                .join(', '),
              available: formatFigure(s.available, lang, 2),
            })}
          </Alert>
        )}
        {s.overlappingFuelEntries > 0 && (
          <Alert severity="warning" data-testid={`cfc-freight-overlap-${s.kind}`}>
            {t('freight.overlap', { count: s.overlappingFuelEntries })}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

/** The offer's section (a choice where several fit), its count, the link to its list and its share. */
function FreightOfferDetails({ s, canApply, busy, draft, sectionName }: OfferProps) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const what = s.kind === 'orders' ? 'orders' : 'tours';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      {canApply && s.sections.length > 1 ? (
        <TextField
          select
          size="small"
          label={t('freight.section')}
          value={draft.sections[s.kind] ?? s.section}
          onChange={(e) => draft.setSection(s.kind, e.target.value)}
          disabled={busy}
          sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
          slotProps={{ htmlInput: { 'data-testid': `cfc-freight-section-${s.kind}` } }}
        >
          {s.sections.map((id) => (
            <MenuItem key={id} value={id}>
              {sectionName(id)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('freight.to', { section: sectionName(s.section) })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t(`freight.${what}`, { count: s.count, n: formatNumber(s.count, lang, 0) })}
      </Typography>
      <MuiLink
        component={Link}
        to={s.link.path as '/'}
        search={s.link.query as never}
        variant="body2"
        data-testid={`cfc-freight-link-${s.kind}`}
      >
        {t(`freight.open.${what}`)}
      </MuiLink>
      {s.entry && <Chip size="small" variant="outlined" color="success" label={t('freight.taken')} />}
      {canApply && s.available > 0 && (
        <TextField
          type="number"
          size="small"
          label={t('freight.share')}
          value={draft.shares[s.kind] ?? s.share}
          onChange={(e) => draft.setShare(s.kind, Number(e.target.value.replace(',', '.')))}
          disabled={busy}
          sx={{ width: 130 }}
          slotProps={{
            htmlInput: {
              min: 0.01,
              max: s.available,
              step: 'any',
              'data-testid': `cfc-freight-share-${s.kind}`,
            },
          }}
        />
      )}
    </Box>
  );
}
