import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ORDER_IMPORT_LEVELS,
  ORDER_IMPORT_LOG_PAGE_SIZE,
  type OrderImportLevel,
  type OrderImportMessage,
  type OrderImportTask,
} from '@klimadesk/contract/orders/import';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatDateTime } from '../../components/format.ts';
import { RouterLink } from '../../components/RouterLink.tsx';
import { ViewDialog } from '../../components/ViewDialog.tsx';
import { ImportLogLevelChip, fieldText, legText, messageText } from './ImportLogParts.tsx';

/** One message: level, order and leg it names, the text, and the field and value as sent. */
function ImportLogEntry({ m }: { m: OrderImportMessage }) {
  const { t } = useTranslation('orders');
  const leg = legText(m, t);
  const order =
    m.orderIndex === null
      ? t('importLog.dialog.wholePush')
      : [m.orderNumber, t('importLog.dialog.position', { index: m.orderIndex })].filter(Boolean).join(' · ');
  return (
    <Box
      component="li"
      data-testid="import-log-entry"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5, listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ImportLogLevelChip level={m.level} t={t} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {order}
        </Typography>
        {m.externalId && (
          <Typography variant="caption" color="text.secondary">
            {t('importLog.dialog.externalId', { id: m.externalId })}
          </Typography>
        )}
        {leg && (
          <Typography variant="body2" color="text.secondary">
            {leg}
          </Typography>
        )}
      </Box>
      <Typography variant="body2">{messageText(m, t)}</Typography>
      {(m.field || m.value !== null) && (
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {[
            m.field && t('importLog.dialog.field', { field: fieldText(m.field, t) }),
            m.value !== null && t('importLog.dialog.value', { value: m.value }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      {m.orderId && (
        <RouterLink
          to="/basic/orders/edit/$id"
          params={{ id: m.orderId }}
          variant="body2"
          sx={{ justifySelf: 'start' }}
        >
          {t('importLog.dialog.openOrder', { number: m.orderNumber ?? '' })}
        </RouterLink>
      )}
    </Box>
  );
}

/** The coded messages of one push, 15 per page (seed 000 §9), filtered by level. */
export function ImportLogDialog({ task, onClose }: { task: OrderImportTask; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const lang = currentLanguage();
  const [page, setPage] = useState(0);
  const [levels, setLevels] = useState<OrderImportLevel[]>([...ORDER_IMPORT_LEVELS]);
  const { data, isFetching, isSuccess } = useQuery({
    ...queryOptions('orderImportLog', {
      params: { id: task.id },
      query: { page: page + 1, limit: ORDER_IMPORT_LOG_PAGE_SIZE, level: levels.join(',') },
    }),
    placeholderData: keepPreviousData,
  });
  const rows = data?.['hydra:member'] ?? [];
  const date = formatDateTime(task.uploadedAt, lang);
  return (
    <ViewDialog id="import-log-title" title={t('importLog.dialog.title', { date })} onClose={onClose}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('importLog.dialog.summary', {
          pushedBy: task.pushedBy,
          saved: task.saved,
          received: task.received,
        })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="import-log-levels" variant="body2" color="text.secondary">
          {t('importLog.dialog.levels')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          value={levels}
          onChange={(_e, v: OrderImportLevel[]) => {
            setLevels(v);
            setPage(0);
          }}
          aria-labelledby="import-log-levels"
          data-testid="import-log-levels"
          sx={{ flexWrap: 'wrap' }}
        >
          {ORDER_IMPORT_LEVELS.map((level) => (
            <ToggleButton key={level} value={level} sx={{ px: { xs: 1, sm: 1.5 } }}>
              {t(`importLog.level.${level}`)} ({task.messages[level]})
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {isFetching && <LinearProgress aria-label={t('importLog.dialog.loading')} sx={{ mb: 1 }} />}
      {isSuccess && rows.length === 0 ? (
        <Alert severity="info">{t('importLog.dialog.empty')}</Alert>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={t('importLog.dialog.table')}
            sx={{ m: 0, p: 0 }}
            data-testid="import-log"
          >
            {rows.map((m) => (
              <ImportLogEntry key={m.id} m={m} />
            ))}
          </Box>
          <TablePagination
            component="div"
            count={data?.['hydra:totalItems'] ?? 0}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={ORDER_IMPORT_LOG_PAGE_SIZE}
            rowsPerPageOptions={[ORDER_IMPORT_LOG_PAGE_SIZE]}
            labelDisplayedRows={({ from, to, count }) => t('importLog.dialog.range', { from, to, count })}
          />
        </>
      )}
    </ViewDialog>
  );
}
