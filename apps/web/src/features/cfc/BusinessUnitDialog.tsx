import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CfcBusinessUnit } from '@klimadesk/contract/cfc/schemas';
import { call } from '../../app/client.ts';
import { FormCountry, FormText } from '../../components/form.tsx';
import { FormDialog, applyServerError } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { UNIT_KEYS } from './cfc.ts';

export const businessUnitForm = z.object({
  name: z.string().trim().min(1).max(120),
  companyName: z.string().trim().max(200),
  description: z.string().trim().max(2000),
  city: z.string().trim().max(120),
  country: z.string(),
});
export type BusinessUnitForm = z.infer<typeof businessUnitForm>;

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** Create or change a business unit (seed 001 §3): a unique name; the site country scope 2 needs. */
export function BusinessUnitDialog({ unit, onClose }: { unit: CfcBusinessUnit | null; onClose: () => void }) {
  const { t } = useTranslation(['cfc', 'common']);
  const form = useForm<BusinessUnitForm>({
    resolver: zodResolver(businessUnitForm),
    defaultValues: {
      name: unit?.name ?? '',
      companyName: unit?.companyName ?? '',
      description: unit?.description ?? '',
      city: unit?.city ?? '',
      country: unit?.country ?? '',
    },
  });
  const save = useApiMutation({
    mutate: (v: BusinessUnitForm) => {
      const body = {
        name: v.name.trim(),
        companyName: orNull(v.companyName),
        description: orNull(v.description),
        city: orNull(v.city),
        country: orNull(v.country),
      };
      return unit
        ? call('cfcUpdateBusinessUnit', { params: { id: unit.id }, body })
        : call('cfcCreateBusinessUnit', { body });
    },
    invalidate: UNIT_KEYS,
    success: () => (unit ? t('units.saved') : t('units.created')),
    errorOf: (err) => applyServerError(err, form.setError, (f) => (f === 'name' ? 'name' : null)),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="cfc-unit"
      title={unit ? t('units.editTitle') : t('units.createTitle')}
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      requiredHint
      maxWidth="sm"
      submitLabel={unit ? undefined : t('common:actions.create')}
      submitTestId="cfc-unit-save"
      errorTestId="cfc-unit-error"
    >
      <FormText
        control={form.control}
        name="name"
        label={t('units.name')}
        required
        slotProps={{ htmlInput: { 'data-testid': 'cfc-unit-name' } }}
      />
      <FormText control={form.control} name="companyName" label={t('units.companyName')} />
      <FormText control={form.control} name="city" label={t('units.city')} />
      <FormCountry control={form.control} name="country" label={t('units.country')} />
      <FormText
        control={form.control}
        name="description"
        label={t('units.description')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
