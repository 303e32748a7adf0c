import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Trailer } from '@klimadesk/contract/fleet/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { FormText } from '../../components/form.tsx';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { useTrailerTypes, type TrailerSaved } from './fleetApi.ts';
import { trailerKind, trailerFormSchema } from './fleetForms.ts';
import {
  FleetDialog,
  FleetNumberFields,
  YearOfConstructionField,
  type FleetDialogProps,
} from './fleetFields.tsx';

export function TrailerDialog({ item, onClose, onSaved }: FleetDialogProps<Trailer, TrailerSaved>) {
  const { t } = useTranslation(['fleet', 'common']);
  const { data: types = [] } = useTrailerTypes();
  const schema = useMemo(() => trailerFormSchema(currentLanguage), []);

  return (
    <FleetDialog
      kind={trailerKind}
      item={item}
      resolver={zodResolver(schema)}
      types={types.map((x) => ({
        value: x.id,
        label: x.temperatureControlled ? `${x.name} (${t('fields.temperatureControlled')})` : x.name,
      }))}
      master={({ control }) => (
        <>
          <FormText control={control} name="trailerReference" label={t('fields.trailerReference')} />
          <YearOfConstructionField control={control} />
        </>
      )}
      onSaved={(r) => onSaved(r as TrailerSaved)}
      onClose={onClose}
    >
      {({ control }) => (
        <FieldGroup title={t('sections.technical')}>
          <FleetNumberFields control={control} names={['loadVolume', 'maxPayload', 'maxWeight', 'weight']} />
        </FieldGroup>
      )}
    </FleetDialog>
  );
}
