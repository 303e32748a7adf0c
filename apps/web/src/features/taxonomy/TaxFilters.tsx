import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { tagTextColour } from '@klimadesk/contract/tags/schemas';
import { useFinancialYears, useTaxTags } from './taxQueries.ts';

type TagRef = { id: string; value: string; color: string };

/** A tag in its colour, the text black on light and white on dark colours (seed 001 §9). */
export function TaxTagChip({
  tag,
  onDelete,
}: {
  tag: Pick<TagRef, 'value' | 'color'>;
  onDelete?: () => void;
}) {
  return (
    <Chip
      size="small"
      label={tag.value}
      onDelete={onDelete}
      sx={{
        bgcolor: tag.color,
        color: tagTextColour(tag.color),
        '& .MuiChip-deleteIcon': { color: tagTextColour(tag.color), opacity: 0.7 },
      }}
    />
  );
}

/** Years of the company's financial years to filter by (several may be chosen). */
export function YearFilter({ value, onChange }: { value: number[]; onChange: (years: number[]) => void }) {
  const { t } = useTranslation('taxonomy');
  const years = (useFinancialYears().data?.['hydra:member'] ?? [])
    .map((y) => y.taxYear)
    .sort((a, b) => b - a);
  return (
    <Autocomplete
      multiple
      size="small"
      options={years}
      value={value}
      getOptionLabel={(y) => String(y)}
      onChange={(_e, v) => onChange(v)}
      renderInput={(params) => <TextField {...params} label={t('filters.years')} />}
      data-testid="tax-filter-years"
    />
  );
}

/** Tags to filter by (an activity with any of them matches). */
export function TagFilter({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('taxonomy');
  const tags = useTaxTags().data?.['hydra:member'] ?? [];
  const chosen = tags.filter((tag) => value.includes(tag.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={tags}
      value={chosen}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(tag) => tag.value}
      onChange={(_e, v) => onChange(v.map((tag) => tag.id))}
      renderValue={(selected, getItemProps) =>
        selected.map((tag, index) => {
          const { key, onDelete } = getItemProps({ index });
          return <TaxTagChip key={key} tag={tag} onDelete={onDelete as () => void} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={t('filters.tags')} />}
      data-testid="tax-filter-tags"
    />
  );
}
