import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { downloadOrNotify } from '../../components/download.ts';
import { ImportDialog as KitImportDialog } from '../../components/ImportDialog.tsx';
import { FLEET_ROUTES, uploadImport, type FleetEntity, type ImportResult } from './fleetApi.ts';

const ACCEPT = '.xlsx,.csv';
/** The column an import error names, in the words of the template. */
export function importFieldLabel(field: string | null): string {
  if (!field) return '–';
  const t = i18n.getFixedT(null, 'fleet');
  const slot = /^fuelInformation\.(\d+)(?:\.(\w+))?$/.exec(field);
  if (slot) return t(`fields.${slot[2] ?? 'fuelSlot'}`, { n: Number(slot[1]) + 1 });
  const cell = /^fuel(\d)(Consumption|Unit|Type)$/.exec(field);
  if (cell) {
    const key = { Consumption: 'consumption', Unit: 'unitFuelConsumption', Type: 'fuelType' }[cell[2]];
    return t(`fields.${key}`, { n: Number(cell[1]) });
  }
  return t(`fields.${field}`, { defaultValue: field });
}

export function importErrorText(code: string): string {
  if (code === 'validationFailed') return i18n.t('fleet:import.invalidValue');
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : code;
}

/**
 * The vehicle or trailer import on the one import dialog: the template, then the file; any row
 * error imports nothing and lists every error with its row and column.
 */
export function ImportDialog({
  entity,
  title,
  onClose,
  onImported,
}: {
  entity: FleetEntity;
  title: string;
  onClose: () => void;
  onImported: (result: ImportResult) => void;
}) {
  const { t } = useTranslation('fleet');
  return (
    <KitImportDialog
      id="import"
      title={title}
      template={{
        text: t('import.step1Text'),
        download: () =>
          downloadOrNotify(call(FLEET_ROUTES[entity].template, { query: { lang: currentLanguage() } })),
      }}
      text={t('import.step2Text')}
      accept={ACCEPT}
      start={(file, onProgress, signal) => uploadImport(entity, file as File, onProgress, signal)}
      columnLabel={importFieldLabel}
      issueText={importErrorText}
      showValue={false}
      doneText={(r) => t('import.done', r)}
      onDone={(r) => onImported(r as ImportResult)}
      onClose={onClose}
    />
  );
}
