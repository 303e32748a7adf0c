import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  CSRD_CATEGORIES,
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

const isCategory = (c: string): c is CsrdCategory => (CSRD_CATEGORIES as readonly string[]).includes(c);
const isScope = (s: string): s is CsrdScopeCode => (CSRD_SCOPES as readonly string[]).includes(s);

/** The id and topic of a topic page (`…/$id/$category/$scope`); an unknown topic falls back to E and E1. */
export function useTopicParams(): { id: string; category: CsrdCategory; scope: CsrdScopeCode } {
  const params = useParams({ strict: false }) as { id: string; category: string; scope: string };
  return {
    id: params.id,
    category: isCategory(params.category) ? params.category : 'E',
    scope: isScope(params.scope) ? params.scope : 'E1',
  };
}

/**
 * Navigation per category (seed 001 §2): the topics of the category as chips (flagged ones, i.e.
 * material or mandatory, marked), and arrows to the categories before and after. An arrow opens
 * the first topic of its category among the `allowed` ones (all without), or stays if there is none.
 */
export function ScopeNavigation({
  navigation,
  category,
  current,
  lang,
  allowed,
  onTopic,
  flaggedLabel,
}: {
  navigation: CsrdNavigation | undefined;
  category: CsrdCategory;
  current: string;
  lang: Language;
  allowed?: readonly CsrdScopeCode[];
  onTopic: (category: CsrdCategory, scope: CsrdScopeCode) => void;
  flaggedLabel: string;
}) {
  const { t } = useTranslation('csrd');
  if (!navigation) return null;
  const onCategory = (c: CsrdCategory) => {
    const first = firstScopeOf(c, allowed);
    if (first) onTopic(c, first);
  };
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
            onClick={() => onTopic(category, s.id)}
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
