import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvoiceReportRow, ReportBlock } from '@klimadesk/contract/invoicing/schemas';
import { INVOICE_REPORT_PAGE_SIZE } from '@klimadesk/contract/invoicing/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { notifyError } from '../../components/errors.ts';
import { downloadFile } from '../../components/files.ts';
import { formatCents, formatNumber } from '../../components/format.ts';
import { EmptyTableRow } from '../../components/ItemsDialog.tsx';
import { formatDay } from '../../components/units.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { ConsultingDialog } from './ConsultingDialog.tsx';
import { currentMonth } from './invoicingFormat.ts';

const BLOCKS = ['basic', 'pro', 'cfc', 'tax', 'csrd'] as const;
type BlockKey = (typeof BLOCKS)[number];

// The total stays in view at the right edge while the blocks scroll beneath it (issue 37).
const TOTAL_SX = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  borderLeft: 1,
  borderLeftColor: 'divider',
  whiteSpace: 'nowrap',
} as const;

/** A product block of a customer: its tariff and its shipments and price; the emphasised one shaded. */
function BlockCell({ b, strong }: { b: ReportBlock | null; strong: boolean }) {
  const { t } = useTranslation('invoicing');
  const lang = currentLanguage();
  if (!b) return <TableCell sx={strong ? { bgcolor: 'action.hover' } : undefined}>–</TableCell>;
  return (
    <TableCell sx={strong ? { bgcolor: 'action.hover', fontWeight: 600 } : undefined}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 'inherit' }}>
        {b.tariff ?? '–'}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {t('report.blockFigures', {
          shipments: formatNumber(b.shipments, lang, 0),
          price: formatCents(b.price, lang),
        })}
      </Typography>
    </TableCell>
  );
}

function ReportHead({ blocks, emphasis }: { blocks: BlockKey[]; emphasis?: BlockKey }) {
  const { t } = useTranslation('invoicing');
  return (
    <TableHead>
      <TableRow>
        <TableCell>{t('report.customerNr')}</TableCell>
        <TableCell>{t('report.name')}</TableCell>
        {blocks.map((b) => (
          <TableCell key={b} sx={b === emphasis ? { bgcolor: 'action.hover' } : undefined}>
            {t(`report.blocks.${b}`)}
          </TableCell>
        ))}
        <TableCell>{t('report.number')}</TableCell>
        <TableCell>{t('report.sentDate')}</TableCell>
        <TableCell>{t('report.paymentDate')}</TableCell>
        <TableCell align="right">{t('report.consulting')}</TableCell>
        <TableCell />
        <TableCell align="right" sx={TOTAL_SX}>
          {t('report.total')}
        </TableCell>
      </TableRow>
    </TableHead>
  );
}

/** One customer: the blocks, the consulting invoice with its dates, the dialog's button and the total. */
function ReportRow({
  r,
  blocks,
  emphasis,
  onConsulting,
}: {
  r: InvoiceReportRow;
  blocks: BlockKey[];
  emphasis?: BlockKey;
  onConsulting: (r: InvoiceReportRow) => void;
}) {
  const { t } = useTranslation('invoicing');
  const lang = currentLanguage();
  return (
    <TableRow hover>
      <TableCell>{r.customerNr}</TableCell>
      <TableCell sx={{ minWidth: 160 }}>{r.name}</TableCell>
      {blocks.map((b) => (
        <BlockCell key={b} b={r[b]} strong={b === emphasis} />
      ))}
      <TableCell>{r.number ?? '–'}</TableCell>
      <TableCell>{formatDay(r.sentDate, lang)}</TableCell>
      <TableCell>{formatDay(r.paymentDate, lang)}</TableCell>
      <TableCell align="right">{formatCents(r.consulting, lang)}</TableCell>
      <TableCell>
        <Button
          size="small"
          startIcon={<ReceiptLongOutlined />}
          onClick={() => onConsulting(r)}
          data-testid={`consulting-${r.customerNr}`}
        >
          {t('report.consultingAction')}
        </Button>
      </TableCell>
      <TableCell align="right" sx={{ ...TOTAL_SX, fontWeight: 600 }}>
        {formatCents(r.total, lang)}
      </TableCell>
    </TableRow>
  );
}

/** The export of the month's report as a workbook. */
function ExportButton({ month, validMonth }: { month: string; validMonth: boolean }) {
  const { t } = useTranslation('invoicing');
  const [exporting, setExporting] = useState(false);
  const exportReport = async () => {
    setExporting(true);
    try {
      downloadFile(await call('exportInvoiceReport', { query: { month } }));
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void exportReport()}
      disabled={exporting || !validMonth}
      data-testid="export-invoice-report"
    >
      {t('report.export')}
    </Button>
  );
}

/**
 * The invoice report (seed 002 §2): one row per customer for a month, 100 per page, with the
 * consulting invoices and the basic, pro, cfc, tax and csrd blocks, which add up to the total;
 * export and the consulting dialog.
 * The CFC view shows the same data with the CFC block first and highlighted.
 */
export function InvoiceReportView({ emphasis }: { emphasis?: BlockKey }) {
  const { t } = useTranslation('invoicing');
  const [month, setMonth] = useState(currentMonth());
  const [page, setPage] = useState(0);
  const [consulting, setConsulting] = useState<InvoiceReportRow | null>(null);
  const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const { data } = useQuery({
    ...queryOptions('invoiceReport', { query: { month, page: page + 1, limit: INVOICE_REPORT_PAGE_SIZE } }),
    enabled: validMonth,
    placeholderData: keepPreviousData,
  });
  const blocks = emphasis ? [emphasis, ...BLOCKS.filter((b) => b !== emphasis)] : [...BLOCKS];
  return (
    <>
      <PageHeader
        title={t(emphasis === 'cfc' ? 'report.cfcTitle' : 'report.title')}
        subtitle={t('report.subtitle')}
        actions={<ExportButton month={month} validMonth={validMonth} />}
      />
      <SectionCard title={t('report.month')}>
        <TextField
          type="month"
          label={t('report.month')}
          value={month}
          onChange={(e) => {
            setMonth(e.target.value);
            setPage(0);
          }}
          error={!validMonth}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-month' } }}
          sx={{ mb: 2, width: 200 }}
        />
        {!data ? (
          <Skeleton variant="rounded" height={300} />
        ) : (
          <>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="invoice-report">
                <ReportHead blocks={blocks} emphasis={emphasis} />
                <TableBody>
                  {data['hydra:member'].length === 0 && (
                    <EmptyTableRow columns={13} text={t('report.empty')} />
                  )}
                  {data['hydra:member'].map((r) => (
                    <ReportRow
                      key={r.company}
                      r={r}
                      blocks={blocks}
                      emphasis={emphasis}
                      onConsulting={setConsulting}
                    />
                  ))}
                </TableBody>
              </Table>
            </Box>
            <TablePagination
              component="div"
              count={data['hydra:totalItems']}
              page={page}
              onPageChange={(_e, p) => setPage(p)}
              rowsPerPage={INVOICE_REPORT_PAGE_SIZE}
              rowsPerPageOptions={[INVOICE_REPORT_PAGE_SIZE]}
            />
          </>
        )}
      </SectionCard>
      {consulting && (
        <ConsultingDialog
          company={{ id: consulting.company, name: consulting.name }}
          month={month}
          onClose={() => setConsulting(null)}
        />
      )}
    </>
  );
}
