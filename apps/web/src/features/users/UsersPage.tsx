import { UsersTable } from './UsersTable.tsx';

export function UsersPage() {
  return <UsersTable scope="company" />;
}
