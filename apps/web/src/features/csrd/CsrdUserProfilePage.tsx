import { ProfilePage } from '../profile/ProfilePage.tsx';

/** The profile inside the reporting module (seed 001 §2 /csrd/user-profile): the platform's profile screen. */
export function CsrdUserProfilePage() {
  return <ProfilePage />;
}
