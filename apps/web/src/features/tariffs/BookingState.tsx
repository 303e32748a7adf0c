import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { BookingState } from '@klimadesk/contract/tariffs/schemas';

const COLOURS = { active: 'success', cancelled: 'warning', expired: 'default' } as const;

/** The derived state of a booking as a chip (seed 002 §4: active, cancelled, expired). */
export function BookingStateChip({ state }: { state: BookingState }) {
  const { t } = useTranslation('tariffs');
  return <Chip size="small" variant="outlined" color={COLOURS[state]} label={t(`states.${state}`)} />;
}
