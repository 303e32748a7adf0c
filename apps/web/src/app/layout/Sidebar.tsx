import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import DownloadingOutlined from '@mui/icons-material/DownloadingOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CableOutlined from '@mui/icons-material/CableOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import RvHookupOutlined from '@mui/icons-material/RvHookupOutlined';
import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import FeedOutlined from '@mui/icons-material/FeedOutlined';
import { visuallyHidden } from '@mui/utils';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import EuroOutlined from '@mui/icons-material/EuroOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import LiveHelpOutlined from '@mui/icons-material/LiveHelpOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import EnergySavingsLeafOutlined from '@mui/icons-material/EnergySavingsLeafOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import BubbleChartOutlined from '@mui/icons-material/BubbleChartOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FactoryOutlined from '@mui/icons-material/FactoryOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import { PRODUCT_VERSION } from '@klimadesk/contract/constants';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { isScreenAllowed } from '../screens.ts';
import { NAV_SECTIONS, navOf, navScreens, type NavIcon } from './nav.ts';
import { Logo } from '../../components/Logo.tsx';
import { LegalLinks } from '../../components/LegalLinks.tsx';

const ICONS: Record<NavIcon, ReactElement> = {
  profile: <ManageAccountsOutlined />,
  users: <PeopleAltOutlined />,
  groups: <GroupsOutlined />,
  company: <ApartmentOutlined />,
  log: <HistoryOutlined />,
  contact: <MailOutlineOutlined />,
  adminUsers: <AdminPanelSettingsOutlined />,
  vehicles: <LocalShippingOutlined />,
  trailers: <RvHookupOutlined />,
  attribution: <PublicOutlined />,
  mappings: <AccountTreeOutlined />,
  importTasks: <CloudUploadOutlined />,
  tagGroups: <LocalOfferOutlined />,
  connection: <CableOutlined />,
  dashboardTour: <InsightsOutlined />,
  dashboardShipment: <SpaceDashboardOutlined />,
  tours: <AltRouteOutlined />,
  shipments: <Inventory2Outlined />,
  exportJobs: <DownloadingOutlined />,
  invoicing: <EuroOutlined />,
  priceCalculator: <CalculateOutlined />,
  invoiceReport: <RequestQuoteOutlined />,
  payment: <PaymentsOutlined />,
  customers: <StorefrontOutlined />,
  tariffs: <SellOutlined />,
  tariffBookings: <ReceiptLongOutlined />,
  adminHome: <DashboardCustomizeOutlined />,
  moduleHome: <HomeOutlined />,
  tourCodes: <QrCode2Outlined />,
  tasks: <TaskAltOutlined />,
  firstSteps: <RocketLaunchOutlined />,
  faq: <QuizOutlined />,
  glossary: <MenuBookOutlined />,
  errorHelp: <ReportProblemOutlined />,
  tenderGuide: <GavelOutlined />,
  editText: <EditNoteOutlined />,
  helpTexts: <LiveHelpOutlined />,
  releases: <NewReleasesOutlined />,
  releaseNotes: <FeedOutlined />,
  orders: <AssignmentOutlined />,
  ordersOverview: <QueryStatsOutlined />,
  emissionDb: <StorageOutlined />,
  activities: <CategoryOutlined />,
  customerFactors: <TuneOutlined />,
  importFactors: <UploadFileOutlined />,
  providerAccess: <VpnKeyOutlined />,
  sources: <LibraryBooksOutlined />,
  taxActivities: <EnergySavingsLeafOutlined />,
  financialYears: <EventNoteOutlined />,
  taxInfo: <InfoOutlined />,
  materiality: <BubbleChartOutlined />,
  csrdReports: <SummarizeOutlined />,
  vsmeReports: <FactCheckOutlined />,
  cfcReports: <FactoryOutlined />,
  cfcSettings: <SettingsOutlined />,
  cfcCompanySettings: <BusinessCenterOutlined />,
  tutorial: <SchoolOutlined />,
};

/** The sidebar icon of a screen's path, for other overviews of screens (the admin home's cards). */
export function NavIconOf({ path }: { path: string }) {
  const nav = navOf(path);
  return nav ? ICONS[nav.icon] : <DashboardCustomizeOutlined />;
}

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_MINI_WIDTH = 72;

function SectionHeader({ label }: { label: string }) {
  return (
    <ListSubheader
      disableSticky
      sx={{
        bgcolor: 'transparent',
        color: '#8fb8b0',
        fontSize: '0.7rem',
        letterSpacing: '0.08em',
        textTransform: 'uppercase',
        lineHeight: '32px',
      }}
    >
      {label}
    </ListSubheader>
  );
}

/** One screen of the sidebar; collapsed, only its icon shows and its name is the tooltip. */
function NavItem({
  path,
  icon,
  label,
  selected,
  collapsed,
  onNavigate,
}: {
  path: string;
  icon: NavIcon;
  label: string;
  selected: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const button = (
    <ListItemButton
      component={Link}
      to={path}
      onClick={onNavigate}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      sx={{
        mx: 1,
        borderRadius: 2,
        minHeight: 42,
        color: 'inherit',
        justifyContent: collapsed ? 'center' : 'flex-start',
        '&.Mui-selected, &.Mui-selected:hover': {
          bgcolor: 'rgba(45,212,191,0.16)',
          color: '#fff',
        },
        '&:hover': { bgcolor: 'rgba(255,255,255,0.06)' },
        '&.Mui-focusVisible': { outline: '2px solid #5eead4' },
      }}
    >
      <ListItemIcon sx={{ color: selected ? '#5eead4' : 'inherit', minWidth: collapsed ? 0 : 38 }}>
        {ICONS[icon]}
      </ListItemIcon>
      {collapsed ? (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      ) : (
        <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: selected ? 650 : 500 } } }} />
      )}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {collapsed ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

export function Sidebar({
  me,
  collapsed,
  onNavigate,
}: {
  me: Me;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t: translate } = useTranslation(['common', 'app']);
  // Labels of newer sections are in `app`, which the signed-in area loads anyway; `common` loads on /login.
  const t = (key: string) => translate(key, { ns: ['common', 'app'] });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = navScreens().filter((s) => isScreenAllowed(me, s));

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: '#0f2a27', color: '#d1e7e2' }}
    >
      <Box
        component={Link}
        to="/"
        onClick={onNavigate}
        aria-label={`Klimadesk – ${t('nav.home')}`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: collapsed ? 2.25 : 2.5,
          height: 64,
          textDecoration: 'none',
        }}
      >
        <Logo inverted compact={collapsed} />
      </Box>
      <Box
        component="nav"
        aria-label={t('nav.main')}
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}
        data-testid="sidebar"
      >
        {NAV_SECTIONS.map((section) => {
          const entries = items.filter((i) => i.nav.section === section);
          if (entries.length === 0) return null;
          return (
            <List
              key={section}
              dense
              subheader={collapsed ? undefined : <SectionHeader label={t(`nav.section.${section}`)} />}
            >
              {entries.map((item) => (
                <NavItem
                  key={item.path}
                  path={item.path}
                  icon={item.nav.icon}
                  label={t(`nav.${item.nav.label}`)}
                  selected={pathname === item.path}
                  collapsed={collapsed}
                  onNavigate={onNavigate}
                />
              ))}
            </List>
          );
        })}
      </Box>
      {!collapsed && (
        <Box component="footer" sx={{ px: 2.5, py: 2, borderTop: '1px solid rgba(255,255,255,0.08)' }}>
          <LegalLinks color="#a7c9c2" column />
          <Typography variant="caption" sx={{ display: 'block', mt: 1.5, color: '#7fa39c' }}>
            Klimadesk v{PRODUCT_VERSION}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
