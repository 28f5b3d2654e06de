// Calls of the profile page's security section: two-factor authenticators and password change.
import { z } from 'zod';
import { authenticatorSchema, mfaEnrolmentSchema, type Authenticator, type MfaEnrolment, type PasswordChange } from '../../domain/user.ts';
import type { ApiClient } from './ApiClient.ts';

export function listAuthenticators(api: ApiClient): Promise<Authenticator[]> {
  return api.get('/auth/authenticators', z.array(authenticatorSchema));
}

export function deleteAuthenticator(api: ApiClient, id: string): Promise<void> {
  return api.delete(`/auth/authenticators/${encodeURIComponent(id)}`, null, 204);
}

export function startMfaEnrolment(api: ApiClient): Promise<MfaEnrolment> {
  return api.post('/auth/mfa', {}, mfaEnrolmentSchema);
}

export function confirmMfaEnrolment(api: ApiClient, code: string, label?: string): Promise<Authenticator> {
  return api.post('/auth/mfa/verify', label ? { code, label } : { code }, authenticatorSchema);
}

export function changePassword(api: ApiClient, input: PasswordChange): Promise<void> {
  return api.post('/auth/password', input, null, [200, 204]);
}
