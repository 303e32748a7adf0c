import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import type { Company } from '@klimadesk/contract/platform/schemas';
import { call } from '../../app/client.ts';
import { FieldGroup, FormDialog } from '../../components/FormDialog.tsx';
import { FormNewPassword, FormSelect, FormText } from '../../components/form.tsx';
import { PersonFields } from '../../components/PersonFields.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { AddressFields } from '../companies/AddressFields.tsx';
import {
  type CreateCustomerForm,
  type EditCustomerForm,
  createCustomerForm,
  customerToForm,
  editCustomerForm,
  emptyCustomer,
  toCreateCustomerBody,
  toCustomerPatch,
} from './customerSchemas.ts';

const INVALIDATE = [['companies'], ['customerStats']] as const;

/** The modules the customer books: at least one, kept in the order of the module list. */
function ModulesField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { t } = useTranslation(['customers', 'common']);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value ?? []) as ModuleCode[];
        return (
          <FormControl component="fieldset" error={!!fieldState.error} required sx={{ gridColumn: '1 / -1' }}>
            <FormLabel component="legend">{t('dialog.modules')}</FormLabel>
            <FormGroup row>
              {MODULES.map((m) => (
                <FormControlLabel
                  key={m}
                  label={t(`common:module.${m}`)}
                  control={
                    <Checkbox
                      checked={value.includes(m)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? MODULES.filter((x) => x === m || value.includes(x))
                            : value.filter((x) => x !== m),
                        )
                      }
                      data-testid={`customer-module-${m}`}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText>{t('dialog.modulesRequired')}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/** Address, contact, modules and edition of a customer; `prefix` is where they sit in the form. */
function CustomerFields<T extends FieldValues>({ control, prefix }: { control: Control<T>; prefix: string }) {
  const { t } = useTranslation(['customers', 'common']);
  const p = (f: string) => (prefix ? `${prefix}.${f}` : f) as Path<T>;
  return (
    <>
      <FieldGroup title={t('dialog.company')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <AddressFields control={control} prefix={p('address')} />
        </Box>
      </FieldGroup>
      <FieldGroup title={t('dialog.contact')}>
        <FormText control={control} name={p('phone1')} label={t('dialog.phone1')} />
        <FormText control={control} name={p('email')} label={t('dialog.email')} type="email" />
        <FormSelect
          control={control}
          name={p('communicationLanguage')}
          label={t('dialog.communicationLanguage')}
          options={[
            { value: 'de', label: t('common:language.de') },
            { value: 'en', label: t('common:language.en') },
          ]}
        />
      </FieldGroup>
      <FieldGroup title={t('dialog.commercial')}>
        <ModulesField control={control} name={p('modules')} />
        {(['isBasic', 'isPayingCustomer'] as const).map((flag) => (
          <Controller
            key={flag}
            control={control}
            name={p(flag)}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />
                }
                label={t(`dialog.${flag}`)}
              />
            )}
          />
        ))}
      </FieldGroup>
    </>
  );
}

/** Adds a customer with its first admin and modules (platform admin). */
export function CreateCustomerDialog({
  module,
  onClose,
}: {
  module: ModuleCode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['customers', 'common', 'auth']);
  const { control, handleSubmit } = useForm<CreateCustomerForm>({
    resolver: zodResolver(createCustomerForm),
    defaultValues: emptyCustomer(module),
  });
  const save = useApiMutation({
    mutate: (v: CreateCustomerForm) => call('createCompany', { body: toCreateCustomerBody(v) }),
    invalidate: INVALIDATE,
    success: (c) => t('notify.created', { name: c.name }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="customer-create"
      title={t('dialog.createTitle')}
      mutation={save}
      onSubmit={handleSubmit((v) => save.run(v))}
      onClose={onClose}
      submitLabel={t('common:actions.create')}
      submitTestId="customer-save"
      requiredHint
    >
      <CustomerFields control={control} prefix="customer" />
      <FieldGroup title={t('dialog.admin')} hint={t('dialog.adminHint')}>
        <PersonFields control={control} self={false} />
        <FormNewPassword
          control={control}
          label={t('auth:fields.password')}
          repeatLabel={t('auth:fields.repeatPassword')}
        />
      </FieldGroup>
    </FormDialog>
  );
}

/** Changes a customer's data, modules and edition (platform admin). */
export function EditCustomerDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'common']);
  const { control, handleSubmit } = useForm<EditCustomerForm>({
    resolver: zodResolver(editCustomerForm),
    defaultValues: customerToForm(company),
  });
  const save = useApiMutation({
    mutate: (v: EditCustomerForm) =>
      call('updateCompany', { params: { id: company.id }, body: toCustomerPatch(v) }),
    invalidate: INVALIDATE,
    success: (c) => t('notify.saved', { name: c.name }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="customer-edit"
      title={t('dialog.editTitle')}
      mutation={save}
      onSubmit={handleSubmit((v) => save.run(v))}
      onClose={onClose}
      submitTestId="customer-save"
      requiredHint
    >
      <Typography variant="body2" color="text.secondary">
        {company.customerNr} · {company.name}
      </Typography>
      <CustomerFields control={control} prefix="" />
    </FormDialog>
  );
}
