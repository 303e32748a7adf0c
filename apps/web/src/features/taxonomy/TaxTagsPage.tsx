import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { colourBrightness, tagTextColour } from '@klimadesk/contract/tags/schemas';
import type { TaxTag } from '@klimadesk/contract/taxonomy/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { TableEmpty } from '../../components/DataTable.tsx';
import {
  CreateButton,
  EntityListPage,
  editDeleteActions,
  useEntityList,
  type ListSource,
} from '../../components/EntityListPage.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { TaxTagChip } from './TaxFilters.tsx';
import { TAX_QUERY_KEYS, useCanEditTax } from './taxQueries.ts';

type T = ReturnType<typeof useTranslation<['taxonomy', 'common']>>['t'];

const HEX = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_COLOUR = '#1f6f5c';

/** The tag manager (seed 001 §2): tags with colours that group activities in the overview and the dashboard. */
export function TaxTagsPage() {
  const { t } = useTranslation(['taxonomy', 'common']);
  const canCreate = useCanEditTax('createTaxTag');
  const canUpdate = useCanEditTax('updateTaxTag');
  const canDelete = useCanEditTax('deleteTaxTag');
  const [editing, setEditing] = useState<TaxTag | 'new' | null>(null);
  const list = useEntityList<TaxTag>({
    table: 'tax-tags',
    source: () => queryOptions('taxTags') as ListSource<TaxTag>,
  });
  const remove = useConfirmedWrite<TaxTag>({
    mutate: (tag) => call('deleteTaxTag', { params: { id: tag.id } }),
    invalidate: TAX_QUERY_KEYS,
    success: (_r, tag) => t('tags.deleted', { name: tag.value }),
    confirm: (tag) =>
      deleteConfirm(
        t('tags.deleteTitle'),
        t('tags.deleteText', { name: tag.value, count: tag.activityCount }),
      ),
  });
  const columns = useMemo(() => tagColumns(t), [t]);
  return (
    <EntityListPage
      list={list}
      title={t('tags.title')}
      subtitle={t('tags.subtitle')}
      actions={
        canCreate && (
          <CreateButton label={t('tags.create')} onClick={() => setEditing('new')} testId="tax-tag-create" />
        )
      }
      label={t('tags.title')}
      testId="tax-tags"
      columns={columns}
      rowActions={editDeleteActions<TaxTag>({
        header: t('columns.actions'),
        edit: canUpdate && { aria: (tag) => t('tags.editAria', { name: tag.value }), onClick: setEditing },
        remove: canDelete && {
          aria: (tag) => t('tags.deleteAria', { name: tag.value }),
          onClick: remove.ask,
        },
      })}
      blank={
        <TableEmpty title={t('tags.emptyTitle')} text={t('tags.emptyText')}>
          {canCreate && <CreateButton label={t('tags.create')} onClick={() => setEditing('new')} />}
        </TableEmpty>
      }
    >
      {remove.dialog}
      {editing && <TagDialog tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </EntityListPage>
  );
}

/** The list's columns: the tag as it shows, its colour code, and how many activities carry it. */
function tagColumns(t: T): GridColDef<TaxTag>[] {
  return [
    {
      field: 'value',
      headerName: t('tags.name'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => <TaxTagChip tag={row} />,
    },
    {
      field: 'color',
      headerName: t('tags.colour'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            sx={{
              width: 16,
              height: 16,
              borderRadius: 1,
              bgcolor: row.color,
              border: 1,
              borderColor: 'divider',
            }}
          />
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {row.color}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'activityCount',
      headerName: t('tags.activities'),
      width: 120,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
    },
  ];
}

function TagDialog({ tag, onClose }: { tag: TaxTag | null; onClose: () => void }) {
  const { t } = useTranslation(['taxonomy', 'common']);
  const [value, setValue] = useState(tag?.value ?? '');
  const [colour, setColour] = useState(tag?.color ?? DEFAULT_COLOUR);
  const [touched, setTouched] = useState(false);
  const valueError = touched && value.trim() === '' ? t('common:validation.required') : null;
  const colourError = HEX.test(colour) ? null : t('tags.colourInvalid');
  const save = useApiMutation({
    mutate: (body: { value: string; color: string }) =>
      tag ? call('updateTaxTag', { params: { id: tag.id }, body }) : call('createTaxTag', { body }),
    invalidate: TAX_QUERY_KEYS,
    success: (saved) => t(tag ? 'tags.saved' : 'tags.created', { name: saved.value }),
    onSuccess: onClose,
  });
  const ok = HEX.test(colour);
  return (
    <FormDialog
      id="tax-tag"
      title={t(tag ? 'tags.editTitle' : 'tags.createTitle')}
      mutation={save}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (value.trim() && !colourError) void save.run({ value: value.trim(), color: colour.toLowerCase() });
      }}
      submitLabel={tag ? undefined : t('common:actions.create')}
      submitTestId="tax-tag-save"
      maxWidth="xs"
    >
      <TextField
        label={t('tags.name')}
        required
        // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => setTouched(true)}
        error={!!valueError}
        helperText={valueError ?? ' '}
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'tax-tag-name' } }}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          type="color"
          label={t('tags.colourPicker')}
          value={ok ? colour.toLowerCase() : DEFAULT_COLOUR}
          onChange={(e) => setColour(e.target.value)}
          sx={{ width: 110, '& input': { height: 40, p: 0.75, cursor: 'pointer' } }}
        />
        <TextField
          label={t('tags.colour')}
          required
          value={colour}
          onChange={(e) => setColour(e.target.value.trim())}
          error={!!colourError}
          helperText={colourError ?? ' '}
          slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
          sx={{ maxWidth: 160 }}
        />
      </Box>
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {ok
            ? t(tagTextColour(colour) === '#000000' ? 'tags.previewDark' : 'tags.previewLight', {
                brightness: Math.round(colourBrightness(colour)),
              })
            : t('tags.preview')}
        </Typography>
        <TaxTagChip tag={{ value: value.trim() || t('tags.sample'), color: ok ? colour : DEFAULT_COLOUR }} />
      </Box>
    </FormDialog>
  );
}
