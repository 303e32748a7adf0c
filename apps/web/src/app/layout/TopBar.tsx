import { Suspense, lazy, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined';
import KeyboardReturn from '@mui/icons-material/KeyboardReturn';
import Logout from '@mui/icons-material/Logout';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { canUnlock } from '../dialogs/eligibility.ts';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isPathAllowed } from '@klimadesk/contract/platform/web-routes';
import { daysLeft } from '@klimadesk/contract/tariffs/rules';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { call } from '../client.ts';
import { endSession, reloadSession } from '../session.ts';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { ModuleMenuItems, ModuleSelector } from './ModuleSelector.tsx';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { useNow } from '../../components/useNow.ts';

/** The running trial bookings of the modules the user works with. */
const trialBookings = (me: Me) =>
  (me.company.moduleBookings ?? []).filter(
    (b) => b.state === 'trial' && b.trialEnd !== null && me.modules.includes(b.module),
  );

/**
 * Days left of each module the user works with that runs on a trial booking (a time-limited free
 * tariff, seed 002 §4); the module is no longer booked after its last day.
 */
function TrialCountdown({ me, short: narrow, wide }: { me: Me; short: boolean; wide: boolean }) {
  const { t, i18n } = useTranslation('common');
  const today = localDay(useNow());
  const trials = trialBookings(me);
  // Below 1360 px, and for several trials below 1920 px, the chips show the days alone (the
  // tooltip names the module).
  const short = narrow || (trials.length > 1 && !wide);
  return trials.map((b) => {
    const end = b.trialEnd as string;
    const days = daysLeft(end, today);
    const module = t(`module.${b.module}`);
    const [y, m, d] = end.split('-');
    const full =
      days === 0 ? t('app:trial.lastDay', { module }) : t('app:trial.countdown', { module, count: days });
    const label = days === 0 || !short ? full : t('app:trial.short', { count: days });
    const until = t('app:trial.tooltip', {
      date: i18n.language === 'en' ? `${d}/${m}/${y}` : `${d}.${m}.${y}`,
    });
    return (
      <Tooltip key={b.module} title={`${full}. ${until}`}>
        <Chip
          icon={<HourglassBottomOutlined />}
          color="warning"
          variant="outlined"
          label={label}
          data-testid={`trial-countdown-${b.module}`}
          // A single chip with its whole label keeps it and the company name gives way; short
          // labels may end in "…" rather than run into the controls beside them.
          sx={{
            fontWeight: 600,
            minWidth: 0,
            flexShrink: short || trials.length > 1 ? 1 : 0,
            maxWidth: { xs: 160, sm: 'none' },
          }}
        />
      </Tooltip>
    );
  });
}

/** The user's local calendar day, `YYYY-MM-DD`. */
function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The company's name. Beside trial chips on a bar under 1360 px it would be cut to a few letters:
 * it stays in the user menu's company entry and the page titles instead.
 */
function CompanyName({ me, roomy }: { me: Me; roomy: boolean }) {
  const shown = roomy || trialBookings(me).length === 0;
  return (
    <Typography
      sx={{ fontWeight: 650, display: { xs: 'none', sm: shown ? 'block' : 'none' }, minWidth: 48 }}
      noWrap
    >
      {me.company.name}
    </Typography>
  );
}

/** The upgrade to Professional; below 1920 px with its short label and the whole one as tooltip. */
function UpgradeButton({ wide, onClick }: { wide: boolean; onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    // describeChild: the tooltip describes the button; its name stays the visible label (WCAG 2.5.3).
    <Tooltip title={wide ? '' : t('app:upgrade.button')} describeChild>
      <Button
        variant="outlined"
        color="secondary"
        startIcon={<WorkspacePremiumOutlined />}
        onClick={onClick}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
        data-testid="upgrade"
      >
        {wide ? t('app:upgrade.button') : t('app:upgrade.short')}
      </Button>
    </Tooltip>
  );
}

const UnlockWizard = lazy(() =>
  import('../../features/companies/UnlockWizard.tsx').then((m) => ({ default: m.UnlockWizard })),
);

/** Back to the platform admin's own session, on the users list the admin came from. */
function StopImpersonatingButton({ email, mobile }: { email: string; mobile: boolean }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const stopImpersonating = async () => {
    try {
      await call('stopImpersonating');
      const back = await reloadSession();
      notify(t('app:impersonation.stopped'), 'info');
      await navigate({
        href: isPathAllowed('/smp-admin/users', back.routes)
          ? '/smp-admin/users'
          : '/companymanagement/users',
      });
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Button
      variant="contained"
      color="warning"
      startIcon={<KeyboardReturn />}
      onClick={() => void stopImpersonating()}
      data-testid="stop-impersonating"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {mobile ? t('app:impersonation.backShort') : t('app:impersonation.back', { email })}
    </Button>
  );
}

/** The user's avatar and menu: profile, company, on a phone the modules, and logout. */
function UserMenu({ me, mobile }: { me: Me; mobile: boolean }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const companyLink = isPathAllowed('/companymanagement/company', me.routes);
  const go = (href: string) => {
    setAnchor(null);
    void navigate({ href });
  };
  return (
    <>
      <Tooltip title={t('app:userMenu.open')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`${me.initials} – ${t('app:userMenu.label', { name: me.name })}`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          data-testid="user-menu"
          sx={{ flexShrink: 0 }}
        >
          <Avatar
            sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '0.9rem', fontWeight: 700 }}
          >
            {me.initials}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 650 }}>{me.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {me.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/profile/profile')}>
          <ListItemIcon>
            <ManageAccountsOutlined fontSize="small" />
          </ListItemIcon>
          {t('nav.profile')}
        </MenuItem>
        {companyLink && (
          <MenuItem onClick={() => go('/companymanagement/company')}>
            <ListItemIcon>
              <ApartmentOutlined fontSize="small" />
            </ListItemIcon>
            {t('nav.company')}
          </MenuItem>
        )}
        {mobile && me.modules.length > 1 && <Divider />}
        {mobile && <ModuleMenuItems me={me} onDone={() => setAnchor(null)} />}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void endSession('logout');
          }}
          data-testid="logout"
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('app:userMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

export function TopBar({
  me,
  onToggleSidebar,
  sidebarOpen,
  mobile,
}: {
  me: Me;
  onToggleSidebar: () => void;
  sidebarOpen: boolean;
  mobile: boolean;
}) {
  const { t } = useTranslation('common');
  const [unlockOpen, setUnlockOpen] = useState(false);
  // Trial chips, module selector, upgrade, language and user menu share the bar (issue 37: the
  // upgrade button ran into the language switcher at 1440 px): short labels below 1920 px.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const roomy = useMediaQuery((theme: Theme) => theme.breakpoints.up(1360));

  return (
    <AppBar
      position="sticky"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'rgba(255,255,255,0.92)',
        backdropFilter: 'blur(8px)',
      }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60 } }}>
        <IconButton
          edge="start"
          onClick={onToggleSidebar}
          aria-label={sidebarOpen ? t('nav.collapse') : t('nav.expand')}
          aria-expanded={sidebarOpen}
          data-testid="sidebar-toggle"
        >
          {sidebarOpen && !mobile ? <MenuOpen /> : <MenuIcon />}
        </IconButton>
        <CompanyName me={me} roomy={roomy} />
        <Box sx={{ flex: 1 }} />
        <TrialCountdown me={me} short={!roomy} wide={wide} />
        <ModuleSelector me={me} />
        {canUnlock(me) && !me.impersonator && (
          <UpgradeButton wide={wide} onClick={() => setUnlockOpen(true)} />
        )}
        {unlockOpen && (
          <Suspense fallback={null}>
            <UnlockWizard companyId={me.company.id} onClose={() => setUnlockOpen(false)} />
          </Suspense>
        )}
        {me.impersonator && <StopImpersonatingButton email={me.impersonator.email} mobile={mobile} />}
        <LanguageSwitcher dense={mobile} />
        <UserMenu me={me} mobile={mobile} />
      </Toolbar>
    </AppBar>
  );
}
