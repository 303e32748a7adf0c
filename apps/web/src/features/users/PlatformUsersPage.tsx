import { UsersTable } from './UsersTable.tsx';

export function PlatformUsersPage() {
  return <UsersTable scope="platform" />;
}
