import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BubbleChartOutlined from '@mui/icons-material/BubbleChartOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { formatNumber } from '../../components/format.ts';
import { LinkCard, LinkCardHeading } from '../../components/LinkCard.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ModuleWelcome } from '../help/ModuleWelcome.tsx';

/**
 * The home of the reporting module (seed 001 §2 /csrd/home): one tile each for the materiality
 * analyses, the CSRD reports and the open tasks, with their counts, and the way to the profile.
 */
export function CsrdHomePage() {
  const { t } = useTranslation('csrd');
  const lang = currentLanguage();
  const me = useMe();
  const analyses = useQuery(
    queryOptions('materialityAnalyses', { query: { limit: 1, withDeleted: 'false' } }),
  );
  const reports = useQuery(queryOptions('csrdReports', { query: { limit: 1, withDeleted: 'false' } }));
  const mayTasks = can(me, 'tasks');
  const tasks = useQuery({ ...queryOptions('tasks', { query: { limit: 1 } }), enabled: mayTasks });
  const count = (q: { data?: { 'hydra:totalItems': number } }) =>
    q.data ? formatNumber(q.data['hydra:totalItems'], lang, 0) : null;
  return (
    <>
      <PageHeader title={t('home.title')} subtitle={t('home.subtitle')} />
      <ModuleWelcome module="csrd" />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
          mb: 3,
        }}
      >
        <Tile
          to="/materiality/overview"
          icon={<BubbleChartOutlined />}
          title={t('home.analyses')}
          text={t('home.analysesText')}
          count={count(analyses)}
          testId="csrd-tile-analyses"
        />
        <Tile
          to="/csrd-report/overview"
          icon={<SummarizeOutlined />}
          title={t('home.reports')}
          text={t('home.reportsText')}
          count={count(reports)}
          testId="csrd-tile-reports"
        />
        {mayTasks && (
          <Tile
            to="/companymanagement/tasks"
            icon={<TaskAltOutlined />}
            title={t('home.tasks')}
            text={t('home.tasksText')}
            count={count(tasks)}
            testId="csrd-tile-tasks"
          />
        )}
      </Box>
      <Box
        component={Link}
        to="/csrd/user-profile"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'primary.main' }}
      >
        <ManageAccountsOutlined fontSize="small" />
        {t('home.profile')}
      </Box>
    </>
  );
}

function Tile({
  to,
  icon,
  title,
  text,
  count,
  testId,
}: {
  to: string;
  icon: ReactElement;
  title: string;
  text: string;
  count: string | null;
  testId: string;
}) {
  return (
    <LinkCard to={to} cardTestId={testId} contentSx={{ display: 'grid', gap: 1 }}>
      <LinkCardHeading icon={icon} title={title} />
      <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }} data-testid={`${testId}-count`}>
        {count ?? <Skeleton width={48} />}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </LinkCard>
  );
}
