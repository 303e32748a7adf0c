import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { errorText } from '../../components/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { FreightDialog } from './FreightDialog.tsx';
import { ResultsView } from './ResultsView.tsx';
import { SectionEntries } from './SectionEntries.tsx';
import { SectionTree } from './SectionTree.tsx';
import { sectionTree, type CfcSectionId, type SectionNode } from './cfc.ts';
import { RESULTS_SECTION, editPath, resolveSection, sectionNeighbours } from './sectionNav.ts';

/**
 * `/cfc/edit/{businessUnitUrlId}/{year}/{section?}` (seed 001 §2): the report editor. The section
 * tree by scope on the left, the section's entries on the right; previous and next rewrite the
 * address (seed 001 §4) and the section shown is remembered as the user's last edited one. The
 * word `results` in place of a section shows the results view.
 */
export function CfcReportPage() {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const {
    businessUnitUrlId = '',
    year = '',
    section,
  } = useParams({ strict: false }) as {
    businessUnitUrlId?: string;
    year?: string;
    section?: string;
  };
  const report = useQuery(
    queryOptions('cfcReportByUrl', { params: { buId: businessUnitUrlId, id: Number(year) } }),
  );
  const settings = useQuery(queryOptions('cfcCompanySettings'));
  const isResults = section === RESULTS_SECTION;
  const tree = useMemo(
    () =>
      report.data && settings.data ? sectionTree(report.data.sections, settings.data.activeSections) : [],
    [report.data, settings.data],
  );
  const current = isResults ? null : resolveSection(tree, section);
  const shown = current?.internalName ?? null;
  const [freightOpen, setFreightOpen] = useState(false);
  useSectionAddress({ shown, section, businessUnitUrlId, year, unitId: report.data?.businessUnit.id });

  if (report.isError) return <ReportError error={report.error} />;
  if (!report.data || !settings.data) return <Skeleton variant="rounded" height={480} />;
  const r = report.data;

  return (
    <>
      <PageHeader
        title={isResults ? t('results.title') : t('editor.title')}
        subtitle={t('editor.subtitle', { unit: r.businessUnit.name, year: r.year })}
        actions={
          <EditorActions
            onFreight={() => setFreightOpen(true)}
            resultsPath={isResults ? null : editPath(businessUnitUrlId, year, RESULTS_SECTION)}
          />
        }
      />
      {freightOpen && (
        <FreightDialog
          report={r}
          canApply={can(me, 'cfcApplyFreightSuggestions')}
          onClose={() => setFreightOpen(false)}
        />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <TreePanel>
          <SectionTree
            tree={tree}
            current={isResults ? RESULTS_SECTION : shown}
            unit={businessUnitUrlId}
            year={r.year}
          />
        </TreePanel>
        <Box sx={{ minWidth: 0 }}>
          {isResults ? (
            <ResultsView report={r} />
          ) : current ? (
            <>
              <SectionHeading tree={tree} current={current} unit={businessUnitUrlId} year={year} />
              <SectionEntries key={current.internalName} report={r} section={current.section} />
            </>
          ) : (
            <Alert severity="info">{t('editor.noSections')}</Alert>
          )}
        </Box>
      </Box>
    </>
  );
}

/**
 * Keeps the address on the section shown and remembers that section as the user's last edited one
 * (seed 001 §4), once per section.
 */
function useSectionAddress({
  shown,
  section,
  businessUnitUrlId,
  year,
  unitId,
}: {
  shown: string | null;
  section: string | undefined;
  businessUnitUrlId: string;
  year: string;
  unitId: string | undefined;
}) {
  const me = useMe();
  const navigate = useNavigate();
  // A parent's or an unknown address opens its first section: the address says which one.
  useEffect(() => {
    if (shown && shown !== section)
      void navigate({ href: editPath(businessUnitUrlId, year, shown), replace: true });
  }, [shown, section, businessUnitUrlId, year, navigate]);

  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (!shown || shown !== section || !unitId || saved.current === `${unitId}/${year}/${shown}`) return;
    if (!can(me, 'saveLastEditedCfcSection')) return;
    saved.current = `${unitId}/${year}/${shown}`;
    void call('saveLastEditedCfcSection', {
      params: { id: me.id },
      body: { businessUnit: unitId, year: Number(year), section: shown as CfcSectionId },
    }).catch(() => undefined);
  }, [shown, section, unitId, year, me]);
}

function ReportError({ error }: { error: Error }) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <>
      <PageHeader title={t('editor.title')} />
      <Alert severity="error" data-testid="cfc-report-error">
        {errorText(error)}
      </Alert>
      <Button component={Link} to="/cfc/business-units/list" startIcon={<ArrowBack />} sx={{ mt: 2 }}>
        {t('editor.toReports')}
      </Button>
    </>
  );
}

/** The freight suggestions' button and, outside the results view, the way to the results. */
function EditorActions({ onFreight, resultsPath }: { onFreight: () => void; resultsPath: string | null }) {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  return (
    <>
      {can(me, 'cfcFreightSuggestions') && (
        <Button
          variant="outlined"
          startIcon={<LocalShippingOutlined />}
          onClick={onFreight}
          data-testid="cfc-freight-open"
        >
          {t('freight.button')}
        </Button>
      )}
      {resultsPath !== null && (
        <Button
          variant="outlined"
          startIcon={<InsightsOutlined />}
          component={Link}
          to={resultsPath}
          data-testid="cfc-to-results"
        >
          {t('editor.results')}
        </Button>
      )}
    </>
  );
}

function TreePanel({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        p: 1,
        position: { md: 'sticky' },
        top: { md: 80 },
        maxHeight: { xs: 320, md: 'calc(100vh - 100px)' },
        overflowY: 'auto',
      }}
    >
      {children}
    </Box>
  );
}

/** The section's name with previous and next; next past the last section leads to the results. */
function SectionHeading({
  tree,
  current,
  unit,
  year,
}: {
  tree: SectionNode[];
  current: SectionNode;
  unit: string;
  year: string;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const navigate = useNavigate();
  const { previous, next } = sectionNeighbours(tree, current.internalName);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      <Typography variant="h2" sx={{ flex: 1, minWidth: 200 }} data-testid="cfc-section-title">
        {current.name}
      </Typography>
      <Button
        startIcon={<ArrowBack />}
        disabled={!previous}
        onClick={() => previous && void navigate({ href: editPath(unit, year, previous.internalName) })}
        data-testid="cfc-previous"
      >
        {t('editor.previous')}
      </Button>
      <Button
        endIcon={<ArrowForward />}
        variant="outlined"
        onClick={() =>
          void navigate({ href: editPath(unit, year, next ? next.internalName : RESULTS_SECTION) })
        }
        data-testid="cfc-next"
      >
        {next ? t('editor.next') : t('editor.toResults')}
      </Button>
    </Box>
  );
}
