import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CSRD_SCOPES,
  IRO_CATEGORIES,
  categoryOfScope,
  type CsrdScopeCode,
  type IroCategory,
} from '@klimadesk/contract/csrd/reference';
import type { MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FormDialog, applyServerError } from '../../components/FormDialog.tsx';
import { FormSelect, FormText } from '../../components/form.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ANALYSIS_KEYS, scopeName, useCsrdScopes } from './csrdQueries.ts';

const customForm = z.object({
  name: z.string().trim().min(1).max(300),
  scope: z.enum(CSRD_SCOPES),
  sector: z.string(),
  category: z.enum(IRO_CATEGORIES),
});
type CustomForm = z.infer<typeof customForm>;

/** The scopes an analysis covers: the standards of its pillars (E, S, G, ESRS). */
export function scopesOf(analysis: Pick<MaterialityAnalysis, 'scopes'>): CsrdScopeCode[] {
  return CSRD_SCOPES.filter((s) => analysis.scopes.includes(categoryOfScope(s)));
}

/** A custom IRO of the analysis with its first entry (seed 001 §2: IROs from AR 16 plus custom IROs). */
export function CustomIroDialog({
  analysis,
  scope,
  category,
  onClose,
}: {
  analysis: MaterialityAnalysis;
  scope?: CsrdScopeCode;
  category?: IroCategory;
  onClose: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const scopes = useCsrdScopes();
  const form = useForm<CustomForm>({
    resolver: zodResolver(customForm),
    defaultValues: {
      name: '',
      scope: scope ?? scopesOf(analysis)[0] ?? 'E1',
      sector: '',
      category: category ?? 'negative',
    },
  });
  const save = useCreateCustomIro(analysis, form, onClose);
  const { control } = form;
  return (
    <FormDialog
      id="custom-iro"
      title={t('inventory.customTitle')}
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      maxWidth="sm"
      requiredHint
      submitLabel={t('common:actions.create')}
      submitTestId="custom-iro-save"
    >
      <FormText
        control={control}
        name="name"
        label={t('inventory.customName')}
        required
        // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'custom-iro-name' } }}
      />
      <FormSelect
        control={control}
        name="scope"
        label={t('entry.scopeStandard')}
        required
        options={scopesOf(analysis).map((s) => ({ value: s, label: scopeName(scopes.data, s, lang) }))}
      />
      <FormSelect
        control={control}
        name="category"
        label={t('entry.category')}
        required
        options={IRO_CATEGORIES.map((c) => ({ value: c, label: t(`iroCategory.${c}`) }))}
      />
      <FormSelect
        control={control}
        name="sector"
        label={t('analysis.sector')}
        emptyLabel={t('inventory.allSectors')}
        options={analysis.sectors.map((s) => ({ value: s, label: s }))}
      />
    </FormDialog>
  );
}

/** Creates the custom IRO with a first entry at the lowest scores of its category. */
function useCreateCustomIro(
  analysis: MaterialityAnalysis,
  form: UseFormReturn<CustomForm>,
  onClose: () => void,
) {
  const { t } = useTranslation(['csrd', 'common']);
  return useApiMutation({
    mutate: (v: CustomForm) => {
      const cat = v.category;
      const isImpact = cat === 'negative' || cat === 'positive';
      return call('createIroEntry', {
        body: {
          materialityAnalysis: analysis.id,
          customIro: { name: v.name.trim(), scope: v.scope, sector: v.sector || null },
          category: cat,
          time: 'short',
          actual: false,
          entryScale: 1,
          entryScope: isImpact ? 1 : null,
          remediability: cat === 'negative' ? 1 : null,
          probability: 0,
        },
      });
    },
    invalidate: ANALYSIS_KEYS,
    success: (e) => t('inventory.customCreated', { name: e.name }),
    onSuccess: onClose,
    errorOf: (err) => applyServerError(err, form.setError, (f) => (f === 'customIro.name' ? 'name' : null)),
  });
}
