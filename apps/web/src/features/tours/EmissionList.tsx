import { useEffect } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { EmissionFilterBar } from '../../components/EmissionFilterBar.tsx';
import { useEmissionFilters } from '../../components/emissionFilters.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { filtersActive, ListEmpty } from './ListEmpty.tsx';
import { useEmissionList, type ListKind, type RowOf } from './toursApi.ts';
import { UpgradeHint } from './UpgradeHint.tsx';

/** Tours share the carrier dashboard's remembered date range, shipments the shipper dashboard's. */
const SCOPE = { tours: 'tour', shipments: 'shipment' } as const;

/**
 * A freight list page: title with the export of the filtered rows, the sample-data hint, the
 * filter bar and the server-paged table (newest departure first), with texts `<kind>.title`,
 * `.subtitle` and `.search` and test ids `<kind>-table` and `<kind>-export`.
 */
export function EmissionList<K extends ListKind>({
  kind,
  columns,
  hiddenByDefault,
}: {
  kind: K;
  columns: GridColDef<RowOf[K]>[];
  /** Shown on request (column choice), so the key figures fit a 1440 px screen. */
  hiddenByDefault: string[];
}) {
  const { t } = useTranslation(['tours', 'exports']);
  const me = useMe();
  const filters = useEmissionFilters(SCOPE[kind]);
  const state = useTableState(kind, { sort: [{ field: 'departureDate', sort: 'desc' }] });
  const filterKey = JSON.stringify(filters.applied);
  const { setPage } = state;
  // Other filters give other pages: start again at the first.
  useEffect(() => setPage(0), [filterKey, setPage]);
  const { data, isFetching } = useEmissionList(kind, state.query, filters.applied, filters.ready);
  const total = data?.['hydra:totalItems'] ?? 0;
  const texts: ListKind = kind;

  return (
    <>
      <PageHeader
        title={t(`${texts}.title`)}
        subtitle={t(`${texts}.subtitle`)}
        actions={
          <ExportButton
            kind={kind}
            filters={filters.applied}
            // Upgrade-only in the basic edition (seed 000 §6).
            disabled={total === 0 || me.company.isBasic}
          />
        }
      />
      <UpgradeHint show={me.company.isBasic} />
      <EmissionFilterBar filters={filters} searchLabel={t(`${texts}.search`)} />
      <DataTable
        label={t(`${texts}.title`)}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={total}
        loading={isFetching}
        state={state}
        testId={`${kind}-table`}
        hiddenByDefault={hiddenByDefault}
        empty={<ListEmpty kind={kind} filtered={filtersActive(filters.applied)} />}
      />
    </>
  );
}
