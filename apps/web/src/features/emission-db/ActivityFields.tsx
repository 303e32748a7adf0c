import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { FormSelect, FormText } from '../../components/form.tsx';
import { SectionCard } from '../../components/PageHeader.tsx';
import { errorMessage } from '../../components/validation.ts';
import { sectionName, sectionOptions, treatmentOptions } from './emissionDb.ts';

/** The activity's own fields as the editor holds them: both languages side by side. */
export type ActivityForm = {
  deName: string;
  deDescription: string;
  deSynonyms: string[];
  enName: string;
  enDescription: string;
  enSynonyms: string[];
  categories: string[];
  internalName: string;
  treatmentId: string;
};

/** Synonyms as chips: typed terms are added with Enter. */
function SynonymsField({
  control,
  name,
  label,
  lang,
}: {
  control: Control<ActivityForm>;
  name: 'deSynonyms' | 'enSynonyms';
  label: string;
  lang: 'de' | 'en';
}) {
  const { t } = useTranslation('emissionDb');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[] as string[]}
          value={field.value}
          onChange={(_e, v) => field.onChange([...new Set(v.map((s) => s.trim()).filter(Boolean))])}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} size="small" label={option} {...item} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              helperText={t('activity.synonymsHint')}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, lang } }}
            />
          )}
        />
      )}
    />
  );
}

/** Name, description and synonyms in German and English, side by side from md on. */
export function ActivityTranslations({ control }: { control: Control<ActivityForm> }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  return (
    <SectionCard title={t('activity.translations')} description={t('common:form.requiredHint')}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {(['de', 'en'] as const).map((l) => (
          <Box
            key={l}
            component="fieldset"
            sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 2 }}
          >
            <Typography component="legend" variant="h4" sx={{ mb: 1 }}>
              {t(`activity.${l}`)}
            </Typography>
            <FormText
              control={control}
              name={l === 'de' ? 'deName' : 'enName'}
              label={t('activity.name')}
              required={l === 'de'}
              slotProps={{ htmlInput: { lang: l, 'data-testid': `activity-name-${l}` } }}
            />
            <FormText
              control={control}
              name={l === 'de' ? 'deDescription' : 'enDescription'}
              label={t('activity.description')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { lang: l } }}
            />
            <SynonymsField
              control={control}
              name={l === 'de' ? 'deSynonyms' : 'enSynonyms'}
              label={t('activity.synonyms')}
              lang={l}
            />
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}

/** The report sections the activity is offered in (at least one); scopes bold, their sections indented. */
function CategoriesField({ control, lang }: { control: Control<ActivityForm>; lang: Language }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const sections = sectionOptions(lang);
  return (
    <Controller
      control={control}
      name="categories"
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          label={t('activity.categories')}
          value={field.value}
          onChange={(e) => {
            const v = e.target.value as unknown as string[] | string;
            field.onChange(typeof v === 'string' ? v.split(',') : v);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={errorMessage(t, fieldState.error?.message)}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(v as string[]).map((id) => (
                    <Chip key={id} size="small" label={sectionName(id, lang)} />
                  ))}
                </Box>
              ),
            },
          }}
          data-testid="activity-categories"
        >
          {sections.map((s) => (
            <MenuItem key={s.value} value={s.value} sx={s.isScope ? { fontWeight: 650 } : { pl: 4 }}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Categories, internal name and treatment. */
export function ActivityMaster({ control, lang }: { control: Control<ActivityForm>; lang: Language }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  return (
    <SectionCard title={t('activity.master')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <CategoriesField control={control} lang={lang} />
        <FormText control={control} name="internalName" label={t('activity.internalName')} />
        <FormSelect
          control={control}
          name="treatmentId"
          label={t('activity.treatment')}
          emptyLabel={t('none')}
          options={treatmentOptions(lang)}
        />
      </Box>
    </SectionCard>
  );
}
