import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import TextField from '@mui/material/TextField';
import Check from '@mui/icons-material/Check';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { queryOptions } from '../client.ts';
import { reloadSession, selectModule } from '../session.ts';

/**
 * The modules the user may switch to: booked by the company and held by a role, every module for
 * the platform admin (`userModules`). Named by the `modules` route once it answered.
 */
export function useModuleOptions(me: Me): { code: ModuleCode; name: string }[] {
  const { t } = useTranslation('common');
  const { data } = useQuery({ ...queryOptions('modules'), staleTime: 5 * 60_000 });
  const names = new Map((data?.['hydra:member'] ?? []).map((m) => [m.code, m.name]));
  return me.modules.map((code) => ({ code, name: names.get(code) ?? t(`module.${code}`) }));
}

/** Switches to a module and opens its home inside the shell (seed 000 §2). */
export function useSwitchModule() {
  const navigate = useNavigate();
  return async (m: ModuleCode) => {
    selectModule(m);
    const next = await reloadSession();
    // The platform admin has no module home of their own; in the carbon footprint their home is the provider's.
    const providerHome = `/${m}/smp-admin`;
    const home =
      next.routes.includes(providerHome) && !next.routes.includes(`/${m}/home`) ? providerHome : next.home;
    await navigate({ href: home });
  };
}

/** The module selector of the top bar, from 600 px on; smaller screens choose in the user menu. */
export function ModuleSelector({ me }: { me: Me }) {
  const { t } = useTranslation('common');
  const options = useModuleOptions(me);
  const switchModule = useSwitchModule();
  if (options.length < 2) return null;
  const longest = Math.max(...options.map((m) => m.name.length));
  return (
    <TextField
      select
      size="small"
      label={t('module.label')}
      value={me.module ?? ''}
      onChange={(e) => void switchModule(e.target.value as ModuleCode)}
      // As wide as the longest module name ("Transport-Emissionen", "CSRD-Berichterstattung"): a
      // fixed width cut them off, and a field left to size itself took the bar's free room and
      // pushed the controls beside it into each other (issue 37). A name's letters average about
      // 0.9 of the font's "0" (ch); 56 px: padding and the arrow.
      sx={{
        width: `calc(${Math.ceil(longest * 0.9)}ch + 56px)`,
        minWidth: 160,
        maxWidth: 340,
        flexShrink: 0,
        display: { xs: 'none', sm: 'inline-flex' },
      }}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'module-select' } }}
    >
      {options.map((m) => (
        <option key={m.code} value={m.code}>
          {m.name}
        </option>
      ))}
    </TextField>
  );
}

/** The module choice inside the user menu on small screens. */
export function ModuleMenuItems({ me, onDone }: { me: Me; onDone: () => void }) {
  const options = useModuleOptions(me);
  const switchModule = useSwitchModule();
  if (options.length < 2) return null;
  return options.map((m) => (
    <MenuItem
      key={m.code}
      selected={m.code === me.module}
      onClick={() => {
        onDone();
        void switchModule(m.code);
      }}
      data-testid={`module-menu-${m.code}`}
    >
      <ListItemIcon>{m.code === me.module && <Check fontSize="small" />}</ListItemIcon>
      {m.name}
    </MenuItem>
  ));
}
