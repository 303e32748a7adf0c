import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';

type Section = { heading: string; text: string };

/** Terms, privacy policy, imprint and cookie declaration of Klimadesk. */
export function LegalPage() {
  const { page } = useParams({ from: '/public/legal/$page' });
  const { t } = useTranslation(['legal', 'common']);
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  const sections = t(`${page}.sections`, { returnObjects: true }) as Section[];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('updated')}
      </Typography>
      {Array.isArray(sections) &&
        sections.map((s) => (
          <Box key={s.heading} component="section" sx={{ mb: 3 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              {s.heading}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }} color="text.secondary">
              {s.text}
            </Typography>
          </Box>
        ))}
      <RouterLink to="/login">{t('back')}</RouterLink>
    </Paper>
  );
}
