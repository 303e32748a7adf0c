import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n.ts';
import { formatDateTime } from '../../components/format.ts';
import { hoursLeft } from './csrdQueries.ts';

/** The soft-delete state of an analysis or report: active, or marked with the hours left to restore. */
export function DeletionChip({ deletedAt }: { deletedAt: string | null }) {
  const { t } = useTranslation('csrd');
  if (!deletedAt) return <Chip size="small" variant="outlined" label={t('deletion.active')} />;
  return (
    <Chip
      size="small"
      color="warning"
      label={t('deletion.marked', { hours: hoursLeft({ deletedAt }) })}
      title={formatDateTime(deletedAt, currentLanguage())}
    />
  );
}
