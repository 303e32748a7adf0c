import Chip from '@mui/material/Chip';
import Circle from '@mui/icons-material/Circle';
import type { TFunction } from 'i18next';
import type {
  OrderImportLevel,
  OrderImportMessage,
  OrderImportStatus,
} from '@klimadesk/contract/orders/import';

/** Seed 000 §8 levels: critical and error in red, warning in amber, info in blue. */
export const LEVEL_COLOR = {
  critical: 'error',
  error: 'error',
  warning: 'warning',
  info: 'info',
} as const satisfies Record<OrderImportLevel, string>;

export const STATUS_COLOR = {
  queued: 'default',
  processing: 'info',
  success: 'success',
  partial: 'warning',
  failed: 'error',
} as const satisfies Record<OrderImportStatus, string>;

type Tone = (typeof STATUS_COLOR)[OrderImportStatus];

/**
 * A chip whose colour is a dot and a border: the label stays in the text colour, so amber and blue
 * keep the contrast of body text (WCAG 1.4.3); a filled chip is for what must stand out.
 */
export function ImportLogChip({
  tone,
  label,
  filled,
  testId,
}: {
  tone: Tone;
  label: string;
  filled?: boolean;
  testId?: string;
}) {
  if (filled) return <Chip size="small" color={tone} label={label} data-testid={testId} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone}
      icon={<Circle />}
      label={label}
      data-testid={testId}
      sx={{
        color: 'text.primary',
        '& .MuiChip-icon': {
          fontSize: 10,
          ml: 1,
          color: tone === 'default' ? 'text.secondary' : `${tone}.main`,
        },
      }}
    />
  );
}

/** The level of a message as a coloured chip (critical filled, the others outlined). */
export function ImportLogLevelChip({ level, t }: { level: OrderImportLevel; t: TFunction }) {
  return (
    <ImportLogChip
      tone={LEVEL_COLOR[level]}
      filled={level === 'critical'}
      label={t(`importLog.level.${level}`)}
      testId={`import-level-${level}`}
    />
  );
}

/** A field path such as `origin.country` in words: "Origin · Country". */
export function fieldText(field: string, t: TFunction): string {
  return field
    .split('.')
    .map((part) => t(`importLog.fields.${part}`, { defaultValue: part }))
    .join(' · ');
}

/** The message of a code in the reader's language, with its parameters. */
export function messageText(m: Pick<OrderImportMessage, 'code' | 'params'>, t: TFunction): string {
  return t(`importMessages.${m.code}`, { ...m.params, defaultValue: m.code });
}

/** Which leg a message names ("Main carriage, leg 1"), or null. */
export function legText(m: Pick<OrderImportMessage, 'activity' | 'legIndex'>, t: TFunction): string | null {
  if (m.legIndex === null) return null;
  const activity = m.activity ? t(`importLog.activity.${m.activity}`, { defaultValue: m.activity }) : '–';
  return t('importLog.legLabel', { activity, index: m.legIndex });
}
