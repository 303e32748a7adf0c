import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../app/client.ts';
import { HtmlContent } from './HtmlContent.tsx';

/**
 * The contextual help of a screen: a question-mark button that opens the help text of the given
 * internal name (the `helpTexts` route, kept for the session) in the user's language, falling
 * back to the other language while a translation is missing.
 */
export function HelpButton({ name, title }: { name: string; title?: string }) {
  const { t, i18n } = useTranslation(['app', 'common']);
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...queryOptions('helpTexts'), enabled: open, staleTime: 10 * 60_000 });
  const entry = query.data?.find((h) => h.internalName === name);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const html = entry ? entry.text[lang] || entry.text[lang === 'en' ? 'de' : 'en'] : '';
  const label = t('helpButton.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={title ? `${label}: ${title}` : label}
          onClick={() => setOpen(true)}
          size="small"
          color="primary"
          data-testid={`help-button-${name}`}
        >
          <HelpOutlineOutlined />
        </IconButton>
      </Tooltip>
      {open && (
        <Dialog
          open
          onClose={() => setOpen(false)}
          maxWidth="sm"
          fullWidth
          aria-labelledby={`help-${name}-title`}
        >
          <DialogTitle id={`help-${name}-title`}>{title ?? label}</DialogTitle>
          <DialogContent dividers data-testid="help-dialog">
            {query.isPending && <Skeleton variant="rounded" height={120} />}
            {query.isError && <Alert severity="error">{t('helpButton.failed')}</Alert>}
            {query.data && !html && <Alert severity="info">{t('helpButton.missing')}</Alert>}
            {html && <HtmlContent html={html} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('common:actions.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
