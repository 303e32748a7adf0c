import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readCookie, writeCookie } from '../../components/cookies.ts';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { useMe } from '../useMe.ts';
import { MOBILE_QUERY } from '../theme.ts';
import { SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH, Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import { SessionDialogs } from '../dialogs/SessionDialogs.tsx';

// The `/` redirect reads the sidebar entries from this module, which the signed-in frame loads anyway;
// an entry import of `nav.ts` of its own made Rolldown split a shared module out of the entry (+0.3 KB).
export { rootTarget } from './nav.ts';

const SIDEBAR_COOKIE = 'kd_sidebar';
const SIDEBAR_COOKIE_DAYS = 365;

/** The frame of every signed-in screen: sidebar, top bar, content and the session dialogs. */
export function AppLayout() {
  const me = useMe();
  // Error texts are needed by every signed-in screen (snackbar, dialogs).
  useTranslation(['common', 'errors', 'app']);
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [open, setOpen] = useState(() => readCookie(SIDEBAR_COOKIE) !== 'closed');
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = () => {
    if (mobile) {
      setMobileOpen((o) => !o);
      return;
    }
    setOpen((o) => {
      writeCookie(SIDEBAR_COOKIE, o ? 'closed' : 'open', SIDEBAR_COOKIE_DAYS);
      return !o;
    });
  };

  const width = open ? SIDEBAR_WIDTH : SIDEBAR_MINI_WIDTH;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {mobile ? (
        <Drawer
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 0 } } }}
        >
          <Sidebar me={me} collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      ) : (
        <Box
          component="aside"
          sx={{
            width,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100vh',
            transition: 'width 160ms ease',
          }}
        >
          <Sidebar me={me} collapsed={!open} />
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar me={me} onToggleSidebar={toggle} sidebarOpen={mobile ? mobileOpen : open} mobile={mobile} />
        <Box
          component="main"
          id="main"
          sx={{ flex: 1, p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 1440, width: '100%', mx: 'auto' }}
        >
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <SessionDialogs me={me} />
    </Box>
  );
}
