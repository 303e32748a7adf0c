import { CompanyPage } from '../companies/CompanyPage.tsx';

/** `/cfc/company-details`: the company's data, the platform's screen at the carbon footprint's path. */
export function CfcCompanyDetailsPage() {
  return <CompanyPage />;
}
