// Account data shared by the settings pages and the projects page: organisation and storage use.
import useSWR from 'swr';
import { getOrganization, getOrganizationStorage } from '../api/usersApi.ts';
import { useApi } from '../app/services.ts';

export function useOrganization() {
  const api = useApi();
  return useSWR('organization', () => getOrganization(api));
}

export function useOrganizationStorage() {
  const api = useApi();
  return useSWR('organization-storage', () => getOrganizationStorage(api));
}
