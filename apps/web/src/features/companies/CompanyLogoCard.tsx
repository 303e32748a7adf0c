import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_MIN_PIXELS } from '@klimadesk/contract/constants';
import type { Company } from '@klimadesk/contract/platform/schemas';
import { ApiError } from '../../app/api.ts';
import { call, callFile, can, queryKeyOf, upload } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { deleteConfirm, useConfirmedWrite } from '../../components/ConfirmDialog.tsx';
import { errorText } from '../../components/errors.ts';
import { formatNumber } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { SectionCard } from '../../components/PageHeader.tsx';

const KB = 1024;
const LOGO_ERRORS: Record<string, string> = {
  invalidFileType: 'company.logo.wrongType',
  payloadTooLarge: 'company.logo.tooLarge',
};

/** The stored logo as an object URL for the preview, fetched again when it changes. */
function useLogoUrl(company: Company): string | null {
  const { data: blob } = useQuery({
    queryKey: ['companyLogo', company.id, company.logo?.updatedAt],
    queryFn: async () => (await callFile('companyLogo', { params: { id: company.id } })).blob,
    enabled: company.logo !== null,
    staleTime: Infinity,
  });
  const [shown, setShown] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    // The effect owns the object URL (created here, revoked on cleanup); the state carries it to the render.
    // oxlint-disable-next-line react/set-state-in-effect
    setShown({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return company.logo && blob && shown?.blob === blob ? shown.url : null;
}

/** Sends a chosen file as the company's logo: busy while it runs, a refusal as text. */
function useLogoUpload(
  companyId: string,
  limits: { kb: number; max: number; min: number },
  refresh: () => Promise<unknown>,
  done: () => void,
) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File) => {
    setError(null);
    setBusy(true);
    try {
      await upload('uploadCompanyLogo', file, { params: { id: companyId } });
      await refresh();
      notify(t('company.logo.saved'), 'success', { log: true });
    } catch (err) {
      // Refusals in the card's own words where the general text would name other files.
      const own = err instanceof ApiError ? LOGO_ERRORS[err.key] : undefined;
      setError(own ? t(own, limits) : errorText(err));
    } finally {
      setBusy(false);
      done();
    }
  };
  return { busy, error, send };
}

/**
 * The company's logo for its documents (issue 37): a preview with type, pixels and size, upload or
 * replace (PNG or JPEG, checked by the server from the bytes), and removal after a confirmation.
 */
export function CompanyLogoCard({ company }: { company: Company }) {
  const { t } = useTranslation(['account', 'common']);
  const me = useMe();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const canChange = can(me, 'uploadCompanyLogo');
  const limits = { kb: LOGO_MAX_BYTES / KB, max: LOGO_MAX_PIXELS, min: LOGO_MIN_PIXELS };
  const refresh = () =>
    qc.invalidateQueries({ queryKey: queryKeyOf('getCompany', { params: { id: company.id } }) });
  const { busy, error, send } = useLogoUpload(company.id, limits, refresh, () => {
    if (input.current) input.current.value = '';
  });
  const removal = useConfirmedWrite<void>({
    confirm: () => deleteConfirm(t('company.logo.removeTitle'), t('company.logo.removeText')),
    mutate: () => call('deleteCompanyLogo', { params: { id: company.id } }),
    success: t('company.logo.removed'),
    onSuccess: () => void refresh(),
  });

  const logo = company.logo;
  return (
    <SectionCard title={t('company.logo.title')} description={t('company.logo.description')}>
      <Box sx={{ display: 'grid', gap: 2 }} data-testid="company-logo">
        <LogoPreview company={company} />
        <Typography variant="body2" color="text.secondary">
          {t('company.logo.rules', limits)}
        </Typography>
        {error && (
          <Alert severity="error" data-testid="company-logo-error">
            {error}
          </Alert>
        )}
        {canChange && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <input
              ref={input}
              type="file"
              hidden
              accept="image/png,image/jpeg"
              data-testid="company-logo-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void send(file);
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              disabled={busy}
              onClick={() => input.current?.click()}
              data-testid="company-logo-upload"
            >
              {logo ? t('company.logo.replace') : t('company.logo.upload')}
            </Button>
            {logo && (
              <Button
                color="error"
                startIcon={<DeleteOutline />}
                disabled={busy}
                onClick={() => removal.ask()}
                data-testid="company-logo-remove"
              >
                {t('company.logo.remove')}
              </Button>
            )}
          </Box>
        )}
        {removal.dialog}
      </Box>
    </SectionCard>
  );
}

/** The stored logo as the documents will show it, with its type, pixels and size. */
function LogoPreview({ company }: { company: Company }) {
  const { t } = useTranslation('account');
  const url = useLogoUrl(company);
  const lang = currentLanguage();
  const logo = company.logo;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 200,
          height: 72,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#fff',
          p: 1,
        }}
      >
        {logo && url ? (
          <Box
            component="img"
            src={url}
            alt={t('company.logo.alt', { company: company.name })}
            data-testid="company-logo-preview"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {logo ? '…' : t('company.logo.none')}
          </Typography>
        )}
      </Box>
      {logo && (
        <Typography variant="body2" color="text.secondary" data-testid="company-logo-facts">
          {t('company.logo.facts', {
            type: logo.mimeType === 'image/png' ? 'PNG' : 'JPEG',
            width: logo.width,
            height: logo.height,
            size: formatNumber(logo.bytes / KB, lang, 1),
          })}
        </Typography>
      )}
    </Box>
  );
}
