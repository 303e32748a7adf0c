import { useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOUR_CODE_PAGE_SIZE } from '@klimadesk/contract/mappings/schemas';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatDateTime } from '../../components/format.ts';
import { ViewDialog } from '../../components/ViewDialog.tsx';
import { rowCodeHint, rowCodeText, type ImportTask } from './mappingsApi.ts';

/** The tour code protocol of one import task: which row or tour was refused, and why. */
export function TourCodesDialog({ task, onClose }: { task: ImportTask; onClose: () => void }) {
  const { t } = useTranslation(['mappings', 'common']);
  const lang = currentLanguage();
  const [page, setPage] = useState(0);
  const { data, isFetching, isSuccess } = useQuery({
    ...queryOptions('tourCodes', { query: { taskId: task.id, page: page + 1, limit: TOUR_CODE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const rows = data?.['hydra:member'] ?? [];
  return (
    <ViewDialog
      id="tour-codes-title"
      title={t('codesDialog.title', { file: task.fileName })}
      onClose={onClose}
    >
      {isFetching && <LinearProgress aria-label={t('codesDialog.loading')} sx={{ mb: 1 }} />}
      {isSuccess && rows.length === 0 ? (
        <Alert severity="success">{t('codesDialog.empty')}</Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('codesDialog.table')} data-testid="tour-codes-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('codesDialog.tour')}</TableCell>
                <TableCell>{t('wizard.row')}</TableCell>
                <TableCell>{t('wizard.column')}</TableCell>
                <TableCell>{t('wizard.issue')}</TableCell>
                <TableCell>{t('codesDialog.time')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{c.tour ?? '–'}</TableCell>
                  <TableCell>{c.row ?? '–'}</TableCell>
                  <TableCell>{c.column ?? '–'}</TableCell>
                  <TableCell>
                    {rowCodeText(c.code, c.message)}
                    {rowCodeHint(c.code) && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {rowCodeHint(c.code)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.time, lang)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={data?.['hydra:totalItems'] ?? 0}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={TOUR_CODE_PAGE_SIZE}
            rowsPerPageOptions={[TOUR_CODE_PAGE_SIZE]}
            labelDisplayedRows={({ from, to, count }) => t('codesDialog.range', { from, to, count })}
          />
        </TableContainer>
      )}
    </ViewDialog>
  );
}
