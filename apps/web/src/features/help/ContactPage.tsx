import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { FormText } from '../../components/form.tsx';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { PageColumns, PageHeader, SectionCard } from '../../components/PageHeader.tsx';

export const supportForm = z.object({
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
});

export function ContactPage() {
  const { t } = useTranslation(['help', 'common']);
  const me = useMe();
  const { control, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(supportForm),
    defaultValues: { subject: '', message: '' },
  });
  const send = handleSubmit(async (v) => {
    try {
      await call('sendSupportMessage', { body: v });
      reset();
      notify(t('contact.sent'));
    } catch (err) {
      notifyError(err);
    }
  });
  return (
    <>
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <PageColumns columns="2fr 1fr">
        <SectionCard title={t('contact.formTitle')} description={t('contact.replyTo', { email: me.email })}>
          <Box component="form" noValidate onSubmit={send} sx={{ display: 'grid', gap: 2 }}>
            <FormText control={control} name="subject" label={t('contact.subject')} required />
            <FormText
              control={control}
              name="message"
              label={t('contact.message')}
              required
              multiline
              minRows={6}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                endIcon={<SendOutlined />}
                disabled={formState.isSubmitting}
              >
                {t('common:actions.send')}
              </Button>
            </Box>
          </Box>
        </SectionCard>
        <SectionCard title={t('contact.directTitle')}>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <EmailOutlined color="primary" />
              <Typography>support@klimadesk.de</Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <PhoneOutlined color="primary" />
              <Typography>+49 40 1234 5670</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('contact.hours')}
            </Typography>
          </Box>
        </SectionCard>
      </PageColumns>
    </>
  );
}
