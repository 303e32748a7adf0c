import { type Role, type User, type UserPreference, isRole } from '@klimadesk/contract';
import type { UserWithCompany } from './users.repository.ts';

export const DEFAULT_PREFERENCE: UserPreference = {
  language: 'de',
  emailNotificationDelay: 'immediately',
  isEmailNotificationEnabled: true,
  csrdLastCsrdScopeName: null,
  csrdLastReportId: null,
  csrdLastMaScopeName: null,
  csrdLastMaId: null,
};

export function preferenceOf(raw: Record<string, unknown>): UserPreference {
  return { ...DEFAULT_PREFERENCE, ...(raw as Partial<UserPreference>) };
}

export function rolesOf(raw: string[]): Role[] {
  return raw.filter(isRole);
}

export function toUserDto(r: UserWithCompany): User {
  const initials = `${r.firstName.charAt(0)}${r.lastName.charAt(0)}`.toUpperCase();
  return {
    id: r.id,
    email: r.email,
    salutation: r.salutation as User['salutation'],
    title: r.title,
    firstName: r.firstName,
    lastName: r.lastName,
    name: `${r.firstName} ${r.lastName}`.trim(),
    initials,
    phone1: r.phone1,
    telefax: r.telefax,
    department: r.department as User['department'],
    position: r.position as User['position'],
    licenceNr: r.licenceNr,
    street: r.street,
    zipcode: r.zipcode,
    city: r.city,
    country: r.country,
    roles: rolesOf(r.roles),
    status: r.status,
    isVerified: r.isVerified,
    introShown: r.introShown,
    releaseNotesShown: r.releaseNotesShown,
    lastLogin: r.lastLogin?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    companyId: r.companyId,
    companyName: r.companyName,
    groupId: r.groupId,
    userPreference: preferenceOf(r.preference),
  };
}
