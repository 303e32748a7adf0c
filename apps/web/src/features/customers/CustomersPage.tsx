import { CustomersView } from './CustomersView.tsx';

/** /smp-admin/customers: every customer of the platform. */
export function CustomersPage() {
  return <CustomersView module={null} />;
}
