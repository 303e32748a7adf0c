import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import {
  type Control,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import type { Language } from '@klimadesk/contract/constants';
import { currentLanguage } from '../../app/i18n.ts';
import { FormCheckbox, FormSelect, FormText } from '../../components/form.tsx';
import { FieldGroup, FormDialog, applyServerError } from '../../components/FormDialog.tsx';
import { useApiMutation, type SuccessNotice } from '../../components/useApiMutation.ts';
import { type Answer, type Body, call } from '../../app/client.ts';
import { FLEET_ROUTES, type FleetEntity, type FleetItem } from './fleetApi.ts';

type Props<T extends FieldValues> = { control: Control<T> };

type NumberName =
  | 'loadVolume'
  | 'maxPayload'
  | 'maxWeight'
  | 'weight'
  | 'enginePowerPs'
  | 'enginePowerKw'
  | 'engineDisplacement';

/** Number inputs of the fleet forms: comma or dot decimals, numeric keyboard on phones. */
export function FleetNumberFields<T extends FieldValues>({
  control,
  names,
}: Props<T> & { names: readonly (NumberName & FieldPath<T>)[] }) {
  const { t } = useTranslation('fleet');
  return names.map((name) => (
    <FormText
      key={name}
      control={control}
      name={name}
      label={t(`fields.${name as NumberName}`)}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  ));
}

/** The year of construction: four digits, numeric keyboard on phones. */
export function YearOfConstructionField<T extends FieldValues>({ control }: Props<T>) {
  const { t } = useTranslation('fleet');
  return (
    <FormText
      control={control}
      name={'yearOfConstruction' as FieldPath<T>}
      label={t('fields.yearOfConstruction')}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
    />
  );
}

/** The licence plate and the GLEC type, first fields of both dialogs. */
function PlateAndTypeFields<T extends FieldValues>({
  control,
  typeField,
  types,
}: Props<T> & {
  typeField: 'glecVehicleType' | 'glecTrailerType';
  types: { value: string; label: string }[];
}) {
  const { t } = useTranslation('fleet');
  return (
    <>
      <FormText
        control={control}
        name={'licensePlate' as FieldPath<T>}
        label={t('fields.licensePlate')}
        required
        // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        autoComplete="off"
      />
      <FormSelect
        control={control}
        name={typeField as FieldPath<T>}
        label={t(`fields.${typeField}`)}
        required
        options={types}
      />
    </>
  );
}

/** Cooling unit and its description; the description is only asked for with a cooling unit. */
function CoolingFields<T extends FieldValues>({ control }: Props<T>) {
  const { t } = useTranslation('fleet');
  const cooling = useWatch({ control, name: 'hasCoolingUnit' as FieldPath<T> });
  return (
    <FieldGroup title={t('sections.cooling')}>
      <FormCheckbox
        control={control}
        name={'hasCoolingUnit' as FieldPath<T>}
        label={t('fields.hasCoolingUnit')}
      />
      <FormText
        control={control}
        name={'coolingUnitDescription' as FieldPath<T>}
        label={t('fields.coolingUnitDescription')}
        disabled={!cooling}
      />
    </FieldGroup>
  );
}

/** The description over the whole width of the master data. */
function DescriptionField<T extends FieldValues>({ control }: Props<T>) {
  const { t } = useTranslation('fleet');
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <FormText
        control={control}
        name={'description' as FieldPath<T>}
        label={t('fields.description')}
        multiline
        minRows={2}
      />
    </Box>
  );
}

/**
 * What a save says: created or saved, or (result 3) that the vehicle or trailer was used in
 * calculations and so kept, with a new one in its place.
 */
function savedNotice(
  ns: 'vehicles' | 'trailers',
  creating: boolean,
  result: number,
  plate: string,
): SuccessNotice {
  if (result === 3) return { message: i18n.t(`fleet:${ns}.replaced`), severity: 'info', duration: 9000 };
  return i18n.t(`fleet:${ns}.${creating ? 'created' : 'saved'}`, { plate });
}

/** A save answer of either entity. */
export type FleetSaved = Answer<'createVehicle'>;

/**
 * What a fleet dialog needs to know of its entity: its routes' entity, its GLEC type field, and
 * how an item turns into form values and these into the request body.
 */
export type FleetFormKind<F, I extends FleetItem> = {
  entity: FleetEntity;
  typeField: 'glecVehicleType' | 'glecTrailerType';
  empty: () => F;
  toForm: (item: I, lang: Language) => F;
  toBody: (values: F, lang: Language) => Body<'createVehicle'>;
};

/** What the vehicle and trailer dialogs take: the edited item (null creates one) and what follows. */
export type FleetDialogProps<I extends FleetItem, S> = {
  item: I | null;
  onClose: () => void;
  onSaved: (saved: S) => void;
};

/**
 * The create and edit dialog of vehicles and trailers on the form kit: fills the form from the
 * item, saves through the entity's routes, refetches the list, says what happened and marks the
 * field a refusal names. Master data, cooling unit and the frame of the form are the same for both;
 * `master` and `children` render the entity's own fields.
 */
export function FleetDialog<F extends FieldValues, I extends FleetItem>({
  kind,
  item,
  resolver,
  types,
  master,
  fieldOf,
  onSaved,
  onClose,
  children,
}: {
  kind: FleetFormKind<F, I>;
  /** The edited vehicle or trailer; null creates one. */
  item: I | null;
  resolver: Resolver<F>;
  /** The options of the GLEC type select. */
  types: { value: string; label: string }[];
  /** The entity's own master data, between its type and the description. */
  master: (form: UseFormReturn<F>) => ReactNode;
  /** Maps the field path of a refusal to the form's field, given the values sent. */
  fieldOf?: (values: F) => (field: string) => string | null;
  onSaved: (saved: FleetSaved) => void;
  onClose: () => void;
  children: (form: UseFormReturn<F>) => ReactNode;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const lang = currentLanguage();
  const form = useForm<F>({
    resolver,
    defaultValues: (item ? kind.toForm(item, lang) : kind.empty()) as DefaultValues<F>,
  });
  const { entity } = kind;
  const ns = entity === 'vehicle' ? 'vehicles' : 'trailers';
  const routes = FLEET_ROUTES[entity];
  const toBody = (values: F) => kind.toBody(values, lang);
  const save = useApiMutation({
    mutate: (values: F) =>
      item
        ? call(routes.update, { params: { id: item.id }, body: toBody(values) })
        : call(routes.create, { body: toBody(values) }),
    invalidate: [[routes.list]],
    success: (r) =>
      savedNotice(ns, !item, r.result, 'vehicle' in r ? r.vehicle.licensePlate : r.trailer.licensePlate),
    onSuccess: onSaved,
    errorOf: (err, values) => applyServerError(err, form.setError, fieldOf?.(values)),
  });
  return (
    <FormDialog
      id={`${entity}-form`}
      title={item ? t(`${ns}.editTitle`, { plate: item.licensePlate }) : t(`${ns}.createTitle`)}
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      submitLabel={item ? undefined : t('common:actions.create')}
      requiredHint
      errorTestId="fleet-form-error"
      sx={{ display: 'grid', gap: 3 }}
    >
      <FieldGroup title={t('sections.master')}>
        <PlateAndTypeFields control={form.control} typeField={kind.typeField} types={types} />
        {master(form)}
        <DescriptionField control={form.control} />
      </FieldGroup>
      {children(form)}
      <CoolingFields control={form.control} />
    </FormDialog>
  );
}
