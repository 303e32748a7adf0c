import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { type Answer, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatCents, formatNumber } from '../../components/format.ts';
import { formatMonth } from '../../components/units.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { KpiCard } from '../dashboards/KpiCard.tsx';
import { downloadInvoiceDocument } from './invoicingApi.ts';

type Stats = Answer<'invoicingStats'>;

/** This month's shipments, the free ones, its price and the basic edition's share. */
function UsageKpis({ data, lang }: { data: Stats; lang: Language }) {
  const { t } = useTranslation('invoicing');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      <KpiCard
        id="shipments"
        label={t('shipments.kpi.shipments')}
        quantity={{ value: formatNumber(data.totalShipments, lang, 0), unit: '' }}
        hint={formatMonth(data.month, lang)}
      />
      <KpiCard
        id="free"
        label={t('shipments.kpi.free')}
        quantity={{ value: formatNumber(data.freeMonthlyShipments, lang, 0), unit: '' }}
      />
      <KpiCard
        id="price"
        label={t('shipments.kpi.price')}
        quantity={{ value: formatCents(data.totalPrice, lang), unit: '' }}
        hint={data.tariffName ? t('shipments.tariff', { name: data.tariffName }) : undefined}
      />
      <KpiCard
        id="basic"
        label={t('shipments.kpi.basic')}
        quantity={{ value: formatCents(data.totalPriceBasic, lang), unit: '' }}
        hint={t('shipments.kpi.basicHint', { count: data.totalShipmentsBasic })}
      />
    </Box>
  );
}

/** The months, newest first, each with its invoice PDF. */
function UsageMonths({ months, lang }: { months: Stats['months']; lang: Language }) {
  const { t } = useTranslation('invoicing');
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (month: string) => {
    setBusy(month);
    try {
      await downloadInvoiceDocument(month);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="usage-months">
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.month')}</TableCell>
            <TableCell align="right">{t('columns.shipments')}</TableCell>
            <TableCell align="right">{t('columns.uploads')}</TableCell>
            <TableCell align="right">{t('columns.price')}</TableCell>
            <TableCell align="right">{t('columns.document')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...months].reverse().map((m) => (
            <TableRow key={m.month} hover>
              <TableCell>{formatMonth(m.month, lang)}</TableCell>
              <TableCell align="right">{formatNumber(m.shipments, lang, 0)}</TableCell>
              <TableCell align="right">{formatNumber(m.uploads, lang, 0)}</TableCell>
              <TableCell align="right">{formatCents(m.priceCents, lang)}</TableCell>
              <TableCell align="right">
                <Tooltip title={t('shipments.download')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`${t('shipments.download')} ${formatMonth(m.month, lang)}`}
                      disabled={busy !== null}
                      onClick={() => void download(m.month)}
                    >
                      <PictureAsPdfOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Usage and its price per month (seed 000 §2 /invoicing/shipments), with the monthly invoice PDF. */
export function InvoicingShipmentsPage() {
  const { t } = useTranslation('invoicing');
  const lang = currentLanguage();
  const { data } = useQuery(queryOptions('invoicingStats'));
  return (
    <>
      <PageHeader title={t('shipments.title')} subtitle={t('shipments.subtitle')} />
      {!data ? (
        <Skeleton variant="rounded" height={420} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <UsageKpis data={data} lang={lang} />
          <SectionCard title={t('shipments.months')} description={t('shipments.monthsHint')}>
            <UsageMonths months={data.months} lang={lang} />
          </SectionCard>
        </Box>
      )}
    </>
  );
}
