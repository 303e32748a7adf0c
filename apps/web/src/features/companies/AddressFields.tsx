import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountry, FormText } from '../../components/form.tsx';
import { NAME_COUNTER_FROM, NAME_MAX } from './companySchemas.ts';

/** Company address and optional billing address; `prefix` is the path of the address object. */
export function AddressFields<T extends FieldValues>({
  control,
  prefix,
}: {
  control: Control<T>;
  prefix: string;
}) {
  const { t } = useTranslation(['account', 'auth']);
  const p = (f: string) => (prefix ? `${prefix}.${f}` : f) as Path<T>;
  const name = (useWatch({ control, name: p('name') }) as string | undefined) ?? '';
  const custom = !!useWatch({ control, name: p('customBillingAddress') });
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
  const full = { gridColumn: '1 / -1' } as const;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <Box sx={full}>
          <FormText
            control={control}
            name={p('name')}
            label={t('auth:fields.companyName')}
            required
            helperText={
              name.length > NAME_COUNTER_FROM
                ? t('common:form.charCount', { count: name.length, max: NAME_MAX })
                : undefined
            }
          />
        </Box>
        <Box sx={full}>
          <FormText control={control} name={p('street')} label={t('auth:fields.street')} required />
        </Box>
        <Box sx={full}>
          <FormText control={control} name={p('additionalAddress')} label={t('company.additionalAddress')} />
        </Box>
        <FormText control={control} name={p('zipcode')} label={t('auth:fields.zipcode')} required />
        <FormText control={control} name={p('city')} label={t('auth:fields.city')} required />
        <FormCountry control={control} name={p('country')} label={t('auth:fields.country')} required />
        <FormText control={control} name={p('vatid')} label={t('company.vatid')} />
      </Box>
      <Controller
        control={control}
        name={p('customBillingAddress')}
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('company.customBilling')}
          />
        )}
      />
      {custom && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 2 }}>
            {t('company.billingAddress')}
          </Typography>
          <Box sx={grid}>
            <Box sx={full}>
              <FormText
                control={control}
                name={p('billing.name')}
                label={t('company.billingName')}
                required
              />
            </Box>
            <Box sx={full}>
              <FormText
                control={control}
                name={p('billing.street')}
                label={t('auth:fields.street')}
                required
              />
            </Box>
            <Box sx={full}>
              <FormText
                control={control}
                name={p('billing.additionalAddressLine1')}
                label={t('company.additionalAddress')}
              />
            </Box>
            <FormText
              control={control}
              name={p('billing.zipcode')}
              label={t('auth:fields.zipcode')}
              required
            />
            <FormText control={control} name={p('billing.city')} label={t('auth:fields.city')} required />
            <FormCountry
              control={control}
              name={p('billing.country')}
              label={t('auth:fields.country')}
              required
            />
            <FormText control={control} name={p('billing.vatId')} label={t('company.vatid')} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
