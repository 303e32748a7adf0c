import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import {
  CSRD_SCOPES,
  categoryOfScope,
  type CsrdCategory,
  type CsrdScopeCode,
} from '@klimadesk/contract/csrd/reference';
import type { CsrdNavigation } from '@klimadesk/contract/csrd/schemas';
import type { Language } from '@klimadesk/contract/constants';

/** The first scope of a category among the allowed ones (the scope a category's page opens on). */
export function firstScopeOf(
  category: CsrdCategory,
  allowed?: readonly CsrdScopeCode[],
): CsrdScopeCode | null {
  return (
    CSRD_SCOPES.find((s) => categoryOfScope(s) === category && (!allowed || allowed.includes(s))) ?? null
  );
}

/**
 * Navigation per category (seed 001 §2): the topics of the category as chips (flagged ones, i.e.
 * material or mandatory, marked), and arrows to the categories before and after.
 */
export function ScopeNavigation({
  navigation,
  current,
  lang,
  onScope,
  onCategory,
  flaggedLabel,
}: {
  navigation: CsrdNavigation | undefined;
  current: string;
  lang: Language;
  onScope: (scope: CsrdScopeCode) => void;
  onCategory: (category: CsrdCategory) => void;
  flaggedLabel: string;
}) {
  const { t } = useTranslation('csrd');
  if (!navigation) return null;
  return (
    <Box
      component="nav"
      aria-label={t('navigation.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 3 }}
      data-testid="scope-navigation"
    >
      <Button
        size="small"
        startIcon={<ChevronLeft />}
        disabled={!navigation.previousCategory}
        onClick={() => navigation.previousCategory && onCategory(navigation.previousCategory)}
      >
        {navigation.previousCategory
          ? t(`category.${navigation.previousCategory}`)
          : t('navigation.previous')}
      </Button>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flex: 1, justifyContent: 'center' }}>
        {navigation.scopes.map((s) => (
          <Chip
            key={s.id}
            label={`${s.id} ${s.name[lang]}${s.count ? ` (${s.count})` : ''}`}
            color={s.id === current ? 'primary' : 'default'}
            variant={s.id === current ? 'filled' : 'outlined'}
            onClick={() => onScope(s.id)}
            aria-current={s.id === current ? 'page' : undefined}
            title={s.flagged ? flaggedLabel : undefined}
            sx={s.flagged ? { borderWidth: 2, borderColor: 'success.main', fontWeight: 600 } : undefined}
            data-testid={`scope-nav-${s.id}`}
          />
        ))}
      </Box>
      <Button
        size="small"
        endIcon={<ChevronRight />}
        disabled={!navigation.nextCategory}
        onClick={() => navigation.nextCategory && onCategory(navigation.nextCategory)}
      >
        {navigation.nextCategory ? t(`category.${navigation.nextCategory}`) : t('navigation.next')}
      </Button>
    </Box>
  );
}
