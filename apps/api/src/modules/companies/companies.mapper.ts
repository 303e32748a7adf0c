import type { Company, CompanyLogo, ModuleCode } from '@klimadesk/contract';
import type { CompanyRow } from './companies.repository.ts';

export type AdminRef = { id: string; email: string; firstName: string; lastName: string };

export function toCompanyDto(r: CompanyRow, admins: AdminRef[], logo: CompanyLogo | null): Company {
  return {
    id: r.id,
    name: r.name,
    street: r.street,
    zipcode: r.zipcode,
    city: r.city,
    additionalAddress: r.additionalAddress,
    country: r.country,
    phone1: r.phone1,
    telefax: r.telefax,
    email: r.email,
    customBillingAddress: r.customBillingAddress,
    billingAddress: (r.billingAddress as Company['billingAddress']) ?? null,
    communicationLanguage: r.communicationLanguage === 'en' ? 'en' : 'de',
    factorRegions: (r.factorRegions ?? []) as Company['factorRegions'],
    externalLink: r.externalLink ?? null,
    vatid: r.vatid,
    modules: r.modules as ModuleCode[],
    isBasic: r.isBasic,
    isPayingCustomer: r.isPayingCustomer,
    unlocked: r.unlocked,
    unlockedAt: r.unlockedAt?.toISOString() ?? null,
    customerNr: r.customerNr,
    initialModule: (r.initialModule as ModuleCode | null) ?? null,
    taxType: (r.taxType as Company['taxType']) ?? null,
    taxDemoEnd: r.taxDemoEnd?.toISOString() ?? null,
    adminUsers: admins.map((a) => ({
      id: a.id,
      email: a.email,
      name: `${a.firstName} ${a.lastName}`.trim(),
    })),
    logo,
    createdAt: r.createdAt.toISOString(),
  };
}
