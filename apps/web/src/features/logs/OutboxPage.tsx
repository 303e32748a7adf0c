import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { type Answer, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { EntityListPage, useEntityList } from '../../components/EntityListPage.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ViewDialog } from '../../components/ViewDialog.tsx';

type Mail = Answer<'outbox'>['hydra:member'][number];

// Queued: waiting for the mail job; logged: kept here because no SMTP server is set; sent; failed.
const STATUS_COLOR: Record<string, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'info',
  logged: 'default',
  sent: 'success',
  failed: 'error',
};

const statusText = (t: TFunction, s: string) => t(`outbox.status.${s}`, { defaultValue: s });

/** Written, recipient, subject, status and the time a sent mail left. */
function mailColumns(t: TFunction, lang: Language): GridColDef<Mail>[] {
  return [
    {
      field: 'createdAt',
      headerName: t('outbox.columns.createdAt'),
      width: 170,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v, lang),
    },
    { field: 'to', headerName: t('outbox.columns.to'), minWidth: 220, flex: 1, sortable: false },
    { field: 'subject', headerName: t('outbox.columns.subject'), minWidth: 260, flex: 2, sortable: false },
    {
      field: 'status',
      headerName: t('outbox.columns.status'),
      width: 170,
      sortable: false,
      valueGetter: (v: string) => statusText(t, v),
      renderCell: ({ row }) => (
        <Chip size="small" color={STATUS_COLOR[row.status] ?? 'default'} label={statusText(t, row.status)} />
      ),
    },
    {
      field: 'sentAt',
      headerName: t('outbox.columns.sentAt'),
      width: 170,
      sortable: false,
      // A mail kept without an SMTP server gets a time too; only a sent one was sent.
      valueGetter: (v: string | null, row) => (row.status === 'sent' ? v : null),
      valueFormatter: (v: string | null) => (v ? formatDateTime(v, lang) : '–'),
    },
  ];
}

/** One mail as it was written: recipient, time and status above its text. */
function MailDialog({ mail, lang, onClose }: { mail: Mail; lang: Language; onClose: () => void }) {
  const { t } = useTranslation(['logs', 'common']);
  return (
    <ViewDialog id="outbox-mail" title={mail.subject} onClose={onClose}>
      <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('outbox.columns.to')}: {mail.to} · {formatDateTime(mail.createdAt, lang)} ·{' '}
          {statusText(t, mail.status)}
        </Typography>
      </Box>
      <Typography
        component="pre"
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0 }}
      >
        {mail.text}
      </Typography>
    </ViewDialog>
  );
}

/**
 * The platform admin's outbox: every e-mail the platform wrote, newest first. Without an SMTP
 * server (`SMTP_URL`) mails stay here, so links (invitations, resets) can be read and passed on.
 */
export function OutboxPage() {
  const { t } = useTranslation(['logs', 'common']);
  const lang = currentLanguage();
  const [open, setOpen] = useState<Mail | null>(null);
  const list = useEntityList<Mail, never, { to: string }>({
    table: 'outbox',
    sort: [],
    filters: { to: '' },
    source: (query, f) =>
      queryOptions('outbox', {
        query: { page: query.page, limit: query.limit, to: f.to.trim() || undefined },
      }),
  });
  const columns = useMemo(() => mailColumns(t, lang), [t, lang]);

  return (
    <EntityListPage
      list={list}
      title={t('outbox.title')}
      subtitle={t('outbox.subtitle')}
      filters={
        <TextField
          label={t('outbox.columns.to')}
          value={list.filters.to}
          onChange={(e) => list.setFilter('to', e.target.value)}
        />
      }
      label={t('outbox.title')}
      columns={columns}
      rowActions={{
        header: t('outbox.columns.actions'),
        width: 110,
        actions: (row) => [
          {
            key: 'show',
            label: t('outbox.show'),
            aria: t('outbox.showAria', { subject: row.subject }),
            icon: <VisibilityOutlined />,
            onClick: () => setOpen(row),
          },
        ],
      }}
      empty={t('outbox.empty')}
    >
      {open && <MailDialog mail={open} lang={lang} onClose={() => setOpen(null)} />}
    </EntityListPage>
  );
}
