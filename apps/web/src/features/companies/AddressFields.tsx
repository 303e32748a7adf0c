import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountry, FormText } from '../../components/form.tsx';
import { NAME_COUNTER_FROM, NAME_MAX } from './companySchemas.ts';

/**
 * The fields of an address, the company's and the billing one side by side (their names in the
 * form differ): label, whether required and whether over the whole row.
 */
type AddressField = {
  company: string;
  billing: string;
  label: string;
  billingLabel?: string;
  required?: boolean;
  full?: boolean;
  country?: boolean;
};

const ADDRESS_FIELDS: AddressField[] = [
  {
    company: 'name',
    billing: 'billing.name',
    label: 'auth:fields.companyName',
    billingLabel: 'company.billingName',
    required: true,
    full: true,
  },
  { company: 'street', billing: 'billing.street', label: 'auth:fields.street', required: true, full: true },
  {
    company: 'additionalAddress',
    billing: 'billing.additionalAddressLine1',
    label: 'company.additionalAddress',
    full: true,
  },
  { company: 'zipcode', billing: 'billing.zipcode', label: 'auth:fields.zipcode', required: true },
  { company: 'city', billing: 'billing.city', label: 'auth:fields.city', required: true },
  {
    company: 'country',
    billing: 'billing.country',
    label: 'auth:fields.country',
    required: true,
    country: true,
  },
  { company: 'vatid', billing: 'billing.vatId', label: 'company.vatid' },
];

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
  // The company name counts its characters near the limit.
  const helper = (field: string) =>
    field === 'name' && name.length > NAME_COUNTER_FROM
      ? t('common:form.charCount', { count: name.length, max: NAME_MAX })
      : undefined;
  const grid = (kind: 'company' | 'billing') => (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {ADDRESS_FIELDS.map((f) => {
        const label = t((kind === 'billing' && f.billingLabel) || f.label);
        const props = { control, name: p(f[kind]), label, required: f.required };
        return (
          <Box key={f[kind]} sx={f.full ? { gridColumn: '1 / -1' } : undefined}>
            {f.country ? <FormCountry {...props} /> : <FormText {...props} helperText={helper(f[kind])} />}
          </Box>
        );
      })}
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {grid('company')}
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
          {grid('billing')}
        </Box>
      )}
    </Box>
  );
}
