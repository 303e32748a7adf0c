import { ProfilePage } from '../profile/ProfilePage.tsx';

/** `/cfc/user-profile`: the platform's profile screen inside the carbon footprint (seed 001 §2). */
export function CfcUserProfilePage() {
  return <ProfilePage />;
}
