import { CustomersView } from './CustomersView.tsx';

/** /cfc/customers: the same customer administration, narrowed to the customers of the cfc module. */
export function CfcCustomersPage() {
  return <CustomersView module="cfc" />;
}
