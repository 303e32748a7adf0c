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

/** Name, e-mail and phone: required or not, and what the browser may fill in for the user's own data. */
const CONTACT_FIELDS = [
  { name: 'firstName', label: 'firstName', required: true, autoComplete: 'given-name' },
  { name: 'lastName', label: 'lastName', required: true, autoComplete: 'family-name' },
  { name: 'email', label: 'email', required: true, autoComplete: 'email' },
  { name: 'phone1', label: 'phone', required: false, autoComplete: 'tel' },
] as const;

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
      {CONTACT_FIELDS.map((f) => (
        <FormText
          key={f.name}
          control={c}
          name={f.name}
          label={t(`auth:fields.${f.label}`)}
          required={f.required}
          type={f.name === 'email' ? 'email' : undefined}
          autoComplete={auto(f.autoComplete)}
        />
      ))}
      {(
        [
          ['department', DEPARTMENTS],
          ['position', POSITIONS],
        ] as const
      ).map(([name, values]) => (
        <FormSelect
          key={name}
          control={c}
          name={name}
          label={t(`auth:fields.${name}`)}
          options={options(values, name)}
          emptyLabel={none}
        />
      ))}
    </>
  );
}
