import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CfcEntry } from '@klimadesk/contract/cfc/schemas';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatFigure } from '../../components/format.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { unitName } from '../emission-db/emissionDb.ts';
import { ENTRY_KEYS, formatTonnes } from './cfc.ts';

/** The factor version, source edition and GWP set an entry's figure rests on (issue 33). */
export function EntryTraceLine({ entry }: { entry: CfcEntry }) {
  const { t } = useTranslation('cfc');
  if (entry.factorVersion === null && entry.factorGwpSet === null) return null;
  const parts = [
    entry.factorVersion !== null ? t('entries.trace.version', { version: entry.factorVersion }) : null,
    entry.factorEdition ? t('entries.trace.edition', { edition: entry.factorEdition }) : null,
    entry.factorGwpSet ? t('entries.trace.gwpSet', { gwpSet: entry.factorGwpSet }) : null,
  ].filter((p): p is string => p !== null);
  return (
    <Typography variant="caption" color="text.secondary" component="div" data-testid="cfc-entry-trace">
      {parts.join(' · ')}
    </Typography>
  );
}

/**
 * Scope 2: the factor the market-based figure rests on (contract, supplier rate or grid fallback)
 * with its value, unit and source, and version and edition when it is a database factor (issue 33).
 */
export function MarketTraceLine({ entry }: { entry: CfcEntry }) {
  const { t } = useTranslation('cfc');
  const lang = currentLanguage();
  if (entry.marketBasis === null || entry.marketFactor === null) return null;
  const parts = [
    t('entries.trace.market', {
      factor: formatFigure(entry.marketFactor, lang),
      unit: unitName(entry.marketFactorUnit ?? '', lang),
    }),
    entry.marketFactorSource,
    entry.marketFactorVersion !== null
      ? t('entries.trace.version', { version: entry.marketFactorVersion })
      : null,
    entry.marketFactorEdition ? t('entries.trace.edition', { edition: entry.marketFactorEdition }) : null,
  ].filter((p): p is string => !!p);
  return (
    <Typography variant="caption" color="text.secondary" component="div" data-testid="cfc-entry-market-trace">
      {parts.join(' · ')}
    </Typography>
  );
}

/**
 * A restatement on offer: the entry keeps its figure until the user accepts the newer factor
 * version (or the replacement of a withdrawn factor); accepting recomputes it and logs the change.
 */
export function RestatementNotice({ entry, canWrite }: { entry: CfcEntry; canWrite: boolean }) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const accept = useApiMutation({
    mutate: () => call('cfcRestateEntry', { params: { id: entry.id } }),
    invalidate: ENTRY_KEYS,
    success: (r) =>
      t('entries.restatement.accepted', {
        before: r.before.co2eKg === null ? '–' : formatTonnes(r.before.co2eKg, lang),
        after: r.after.co2eKg === null ? '–' : formatTonnes(r.after.co2eKg, lang),
      }),
  });
  const offer = entry.restatement;
  if (!offer) return null;
  // A newer edition of the source (DESNZ 2026 after 2025) is named by its edition, not its version.
  const newerEdition =
    offer.reason === 'newerVersion' &&
    offer.factorEdition !== null &&
    entry.factorEdition !== null &&
    offer.factorEdition !== entry.factorEdition;
  const figure = offer.co2eKg === null ? t('entries.restatement.noFigure') : formatTonnes(offer.co2eKg, lang);
  return (
    <Alert
      severity="info"
      data-testid="cfc-entry-restatement"
      sx={{
        mt: 0.5,
        py: 0,
        px: 1,
        '& .MuiAlert-message': { py: 0.5 },
        '& .MuiAlert-icon': { py: 0.75, mr: 1 },
      }}
    >
      {t(`entries.restatement.${newerEdition ? 'newerEdition' : offer.reason}`, {
        version: offer.factorVersion ?? '–',
        edition: offer.factorEdition,
        figure,
      })}
      {canWrite && (
        <Button
          size="small"
          variant="outlined"
          color="info"
          onClick={() => void accept.run(undefined)}
          disabled={accept.busy}
          sx={{ display: 'block', mt: 0.5, py: 0 }}
          data-testid="cfc-entry-restate"
        >
          {t('entries.restatement.accept')}
        </Button>
      )}
      {accept.error && (
        <Typography variant="caption" color="error" component="div">
          {accept.error}
        </Typography>
      )}
    </Alert>
  );
}
