import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/useMe.ts';
import { TableEmpty } from '../../components/DataTable.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import type { EmissionFilterValues } from '../../components/emissionFilters.ts';
import { mappingAccess } from '../mappings/mappingsApi.ts';

// Authenticated screens are routed at run time (web-routes), so their paths are plain strings.
const IMPORTS_PATH: string = '/system/import-tasks';
const MAPPINGS_PATH: string = '/system/mappings';

/** Whether any filter narrows the list (then "nothing found" is about the filters, not the data). */
export const filtersActive = (f: EmissionFilterValues) =>
  !!(f.search?.trim() || f.tags.length || f.shippers.length || f.from || f.to);

/**
 * What an empty freight list says: without filters, where the data comes from and the next step
 * the user may take (import a file, create a mapping template); with filters, to widen them.
 */
export function ListEmpty({ kind, filtered }: { kind: 'tours' | 'shipments'; filtered: boolean }) {
  const { t } = useTranslation('tours');
  const me = useMe();
  const access = mappingAccess(me);
  const action = me.company.isBasic ? 'basic' : access.canImport ? 'import' : 'ask';
  return (
    <TableEmpty
      title={t(filtered ? 'empty.filteredTitle' : `empty.${kind}Title`)}
      text={t(filtered ? 'empty.filteredText' : `empty.${action}`)}
    >
      {!filtered && action === 'import' && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
          <RouterLink to={IMPORTS_PATH} sx={{ fontWeight: 600 }} data-testid="empty-import">
            {t('empty.importLink')}
          </RouterLink>
          {access.canManage && (
            <RouterLink to={MAPPINGS_PATH} sx={{ fontWeight: 600 }}>
              {t('empty.mappingLink')}
            </RouterLink>
          )}
        </Box>
      )}
    </TableEmpty>
  );
}
