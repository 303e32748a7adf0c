import { useEffect, useMemo, useRef, useState } from 'react';
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
import { sectionTree, type CfcSectionId } from './cfc.ts';
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
  const navigate = useNavigate();
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
  const { previous, next } = current
    ? sectionNeighbours(tree, current.internalName)
    : { previous: null, next: null };
  const shown = current?.internalName ?? null;
  const [freightOpen, setFreightOpen] = useState(false);

  // A parent's or an unknown address opens its first section: the address says which one.
  useEffect(() => {
    if (shown && shown !== section)
      void navigate({ href: editPath(businessUnitUrlId, year, shown), replace: true });
  }, [shown, section, businessUnitUrlId, year, navigate]);

  // The section shown is the user's last edited one (seed 001 §4), once per section.
  const saved = useRef<string | null>(null);
  const unitId = report.data?.businessUnit.id;
  useEffect(() => {
    if (!shown || shown !== section || !unitId || saved.current === `${unitId}/${year}/${shown}`) return;
    if (!can(me, 'saveLastEditedCfcSection')) return;
    saved.current = `${unitId}/${year}/${shown}`;
    void call('saveLastEditedCfcSection', {
      params: { id: me.id },
      body: { businessUnit: unitId, year: Number(year), section: shown as CfcSectionId },
    }).catch(() => undefined);
  }, [shown, section, unitId, year, me]);

  if (report.isError)
    return (
      <>
        <PageHeader title={t('editor.title')} />
        <Alert severity="error" data-testid="cfc-report-error">
          {errorText(report.error)}
        </Alert>
        <Button component={Link} to="/cfc/business-units/list" startIcon={<ArrowBack />} sx={{ mt: 2 }}>
          {t('editor.toReports')}
        </Button>
      </>
    );
  if (!report.data || !settings.data) return <Skeleton variant="rounded" height={480} />;
  const r = report.data;

  return (
    <>
      <PageHeader
        title={isResults ? t('results.title') : t('editor.title')}
        subtitle={t('editor.subtitle', { unit: r.businessUnit.name, year: r.year })}
        actions={
          <>
            {can(me, 'cfcFreightSuggestions') && (
              <Button
                variant="outlined"
                startIcon={<LocalShippingOutlined />}
                onClick={() => setFreightOpen(true)}
                data-testid="cfc-freight-open"
              >
                {t('freight.button')}
              </Button>
            )}
            {!isResults && (
              <Button
                variant="outlined"
                startIcon={<InsightsOutlined />}
                component={Link}
                to={editPath(businessUnitUrlId, year, RESULTS_SECTION)}
                data-testid="cfc-to-results"
              >
                {t('editor.results')}
              </Button>
            )}
          </>
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
          <SectionTree
            tree={tree}
            current={isResults ? RESULTS_SECTION : shown}
            unit={businessUnitUrlId}
            year={r.year}
          />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {isResults ? (
            <ResultsView report={r} />
          ) : current ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
                <Typography variant="h2" sx={{ flex: 1, minWidth: 200 }} data-testid="cfc-section-title">
                  {current.name}
                </Typography>
                <Button
                  startIcon={<ArrowBack />}
                  disabled={!previous}
                  onClick={() =>
                    previous &&
                    void navigate({ href: editPath(businessUnitUrlId, year, previous.internalName) })
                  }
                  data-testid="cfc-previous"
                >
                  {t('editor.previous')}
                </Button>
                <Button
                  endIcon={<ArrowForward />}
                  variant="outlined"
                  onClick={() =>
                    void navigate({
                      href: editPath(businessUnitUrlId, year, next ? next.internalName : RESULTS_SECTION),
                    })
                  }
                  data-testid="cfc-next"
                >
                  {next ? t('editor.next') : t('editor.toResults')}
                </Button>
              </Box>
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
