import { ContactPage } from '../help/ContactPage.tsx';

/** `/cfc/contact`: support contact, the platform's screen at the carbon footprint's path. */
export function CfcContactPage() {
  return <ContactPage />;
}
