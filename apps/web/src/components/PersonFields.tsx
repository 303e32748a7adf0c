import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEPARTMENTS, POSITIONS, SALUTATIONS } from '@klimadesk/contract/constants';
import { FormSelect, FormText } from './form.tsx';

type PersonForm = {
  salutation?: string | null;
  title?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone1?: string | null;
  department?: string | null;
  position?: string | null;
};

/** The person fields of a new user, all empty (a select's empty value is ''). */
export const emptyPerson = {
  salutation: '',
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  phone1: '',
  department: '',
  position: '',
} as const;

/**
 * The person fields of registration, profile and the user dialog (seed 000 §3 User). `self`
 * lets the browser fill in the user's own data; for someone else autofill is turned off.
 */
export function PersonFields<T extends FieldValues & PersonForm>({
  control,
  self,
  salutationRequired = false,
}: {
  control: Control<T>;
  self: boolean;
  salutationRequired?: boolean;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const c = control as unknown as Control<PersonForm>;
  const options = (values: readonly string[], ns: string) =>
    values.map((v) => ({ value: v, label: t(`common:${ns}.${v}`) }));
  const none = t('common:form.none');
  const auto = (token: string) => (self ? token : 'off');
  return (
    <>
      <FormSelect
        control={c}
        name="salutation"
        label={t('auth:fields.salutation')}
        required={salutationRequired}
        options={options(SALUTATIONS, 'salutation')}
        emptyLabel={salutationRequired ? undefined : none}
      />
      <FormText control={c} name="title" label={t('auth:fields.title')} />
      <FormText
        control={c}
        name="firstName"
        label={t('auth:fields.firstName')}
        required
        autoComplete={auto('given-name')}
      />
      <FormText
        control={c}
        name="lastName"
        label={t('auth:fields.lastName')}
        required
        autoComplete={auto('family-name')}
      />
      <FormText
        control={c}
        name="email"
        label={t('auth:fields.email')}
        required
        type="email"
        autoComplete={auto('email')}
      />
      <FormText control={c} name="phone1" label={t('auth:fields.phone')} autoComplete={auto('tel')} />
      <FormSelect
        control={c}
        name="department"
        label={t('auth:fields.department')}
        options={options(DEPARTMENTS, 'department')}
        emptyLabel={none}
      />
      <FormSelect
        control={c}
        name="position"
        label={t('auth:fields.position')}
        options={options(POSITIONS, 'position')}
        emptyLabel={none}
      />
    </>
  );
}
