import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MODULES, ROLES, moduleOfRole, type Role } from '@klimadesk/contract/platform/roles';

/** Role groups in display order: platform, company, then one per module. */
export function roleGroups(roles: readonly Role[]): { group: string; roles: Role[] }[] {
  const groups = new Map<string, Role[]>();
  for (const r of ROLES) {
    if (!roles.includes(r)) continue;
    const g = moduleOfRole(r) ?? (r === 'ROLE_SMP_ADMIN' ? 'platform' : 'company');
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  return [...groups.entries()].map(([group, list]) => ({ group, roles: list }));
}

/**
 * The roles the admin may grant (seed 000 §6): company-wide roles as checkboxes, one choice per
 * module (a user has one role per module, issue 37). Roles the user has but the admin may not
 * grant are shown chosen and disabled, so nobody loses them by accident.
 */
export function RoleSelector({
  value,
  onChange,
  grantable,
  original,
  error,
}: {
  value: Role[];
  onChange: (roles: Role[]) => void;
  grantable: readonly Role[];
  original: readonly Role[];
  error?: string;
}) {
  const { t } = useTranslation('account');
  const shown = ROLES.filter((r) => grantable.includes(r) || original.includes(r));
  const toggle = (r: Role, on: boolean) => onChange(on ? [...value, r] : value.filter((x) => x !== r));
  const choose = (roles: Role[], r: Role | '') =>
    onChange([...value.filter((x) => !roles.includes(x)), ...(r ? [r] : [])]);
  return (
    <FormControl component="fieldset" error={!!error} required sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('users.roles')}
      </FormLabel>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {roleGroups(shown).map(({ group, roles }) => (
          <RoleGroup
            key={group}
            group={group}
            roles={roles}
            value={value}
            grantable={grantable}
            onToggle={toggle}
            onChoose={choose}
          />
        ))}
      </Box>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** One group of roles: one choice of a module's roles (or none), else a checkbox per role. */
function RoleGroup({
  group,
  roles,
  value,
  grantable,
  onToggle,
  onChoose,
}: {
  group: string;
  roles: Role[];
  value: Role[];
  grantable: readonly Role[];
  onToggle: (r: Role, on: boolean) => void;
  onChoose: (roles: Role[], r: Role | '') => void;
}) {
  const { t } = useTranslation('account');
  const isModule = (MODULES as readonly string[]).includes(group);
  const locked = roles.some((r) => !grantable.includes(r));
  const chosen = roles.find((r) => value.includes(r)) ?? '';
  return (
    <Box
      component="fieldset"
      aria-labelledby={`role-group-${group}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1, m: 0, minWidth: 0 }}
    >
      <Typography id={`role-group-${group}`} variant="subtitle2" sx={{ mb: 0.5 }}>
        {t(`roleGroups.${group}`)}
      </Typography>
      {isModule ? (
        <RadioGroup
          name={`roles-${group}`}
          value={chosen}
          onChange={(e) => onChoose(roles, e.target.value as Role | '')}
        >
          <FormControlLabel
            value=""
            control={<Radio size="small" />}
            disabled={locked}
            label={t('users.noModuleRole')}
          />
          {roles.map((r) => (
            <FormControlLabel
              key={r}
              value={r}
              control={<Radio size="small" />}
              disabled={locked || !grantable.includes(r)}
              label={t(`roles.${r}`)}
            />
          ))}
        </RadioGroup>
      ) : (
        <FormGroup>
          {roles.map((r) => (
            <FormControlLabel
              key={r}
              control={
                <Checkbox
                  size="small"
                  checked={value.includes(r)}
                  disabled={!grantable.includes(r)}
                  onChange={(e) => onToggle(r, e.target.checked)}
                  name={r}
                />
              }
              label={t(`roles.${r}`)}
            />
          ))}
        </FormGroup>
      )}
    </Box>
  );
}
