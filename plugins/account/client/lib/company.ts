import type { UserLevel } from '@sensorium/core/common';
import type { VerifiedSignup } from './session-keys';

/** Company roles of the sign-up (accounts spec §3); each sets the level of the new account. */
export const COMPANY_ROLES = ['org_gov', 'system_integrator', 'end_user'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Company size buckets: <10, 10-49, 50-249, >250. */
export const COMPANY_SIZES = ['size_lt_10', 'size_10_49', 'size_50_249', 'size_gt_250'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** org_gov and system_integrator → si-customer; end_user and anything unknown → end-customer. */
export function levelOfRole(role: string): Extract<UserLevel, 'si-customer' | 'end-customer'> {
  return role === 'org_gov' || role === 'system_integrator' ? 'si-customer' : 'end-customer';
}

export interface CompanyInfo {
  companyRole: string;
  companySize: string;
  companyName: string;
}

/** Role, size and name are all required. */
export function isCompanyInfoComplete(info: CompanyInfo): boolean {
  return info.companyRole !== '' && info.companySize !== '' && info.companyName.trim() !== '';
}

/** The body of POST /api/user/complete-signup: the verified e-mail with its proof, and the company. */
export function completeSignupPayload({ email, proof }: VerifiedSignup, info: CompanyInfo) {
  return {
    email,
    proof,
    companyName: info.companyName.trim(),
    companySize: info.companySize,
    companyRole: info.companyRole,
    level: levelOfRole(info.companyRole),
  };
}
