import { UsersPage } from '../users/UsersPage.tsx';

/** `/cfc/users`: the company's users, the platform's screen at the carbon footprint's path (seed 001 §2). */
export function CfcUsersPage() {
  return <UsersPage />;
}
