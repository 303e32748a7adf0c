import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { TaxText } from '@klimadesk/contract/taxonomy/catalogue';
import { currentLanguage } from '../../app/i18n.ts';

type Category = NonNullable<TaxText['category']>;

/** The category key of the message catalogue: E, T, neither, or not stated by the source. */
const categoryKey = (c: Category) => (c.isKnown ? (c.category ?? 'none') : 'unknown');

/** Enabling (E) or transitional (T) as the acts state it for one objective. */
export function CategoryChip({ category, withObjective }: { category: Category; withObjective?: boolean }) {
  const { t } = useTranslation('taxonomy');
  const label = t(`catalogue.category.${categoryKey(category)}`);
  return (
    <Chip
      size="small"
      variant={category.category ? 'filled' : 'outlined'}
      color={category.category ? 'primary' : 'default'}
      label={withObjective ? `${category.objective}: ${label}` : label}
      data-testid={`tax-category-${category.objective}`}
    />
  );
}

/**
 * What the catalogue knows about a criteria or DNSH text: the edition of the act it comes from (or
 * that no source carries it), that German readers see the English act, the contribution's category,
 * the text as first adopted where an amendment changed it, and the generic appendices it refers to.
 */
export function CriteriaTextFacts({ text }: { text: TaxText }) {
  const { t } = useTranslation('taxonomy');
  const isEnglishOnly = currentLanguage() === 'de' && text.textDe === null && text.textEn !== null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="tax-text-facts">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {text.category && <CategoryChip category={text.category} />}
        <Typography variant="caption" color="text.secondary">
          {text.edition ? t('catalogue.edition', { edition: text.edition }) : t('catalogue.notAvailable')}
        </Typography>
      </Box>
      {isEnglishOnly && (
        <Typography variant="caption" color="text.secondary">
          {t('catalogue.englishOnly')}
        </Typography>
      )}
      {text.appendices.map((a) => (
        <Typography key={a.id} variant="body2" data-testid={`tax-appendix-${a.id}`}>
          <strong>{t('catalogue.appendix', { id: a.id, title: a.title })}</strong>{' '}
          {a.text ?? t('catalogue.appendixNotAvailable')}
        </Typography>
      ))}
      {text.firstAdoptedEn && (
        <Accordion disableGutters variant="outlined" sx={{ '&::before': { display: 'none' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography variant="body2">{t('catalogue.firstAdopted')}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxHeight: 320, overflowY: 'auto' }}
              data-testid="tax-first-adopted"
            >
              {text.firstAdoptedEn}
            </Typography>
          </AccordionDetails>
        </Accordion>
      )}
    </Box>
  );
}
