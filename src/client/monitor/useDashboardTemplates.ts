// Dashboard templates of the organisation: read when a templates dialog opens, and the changes made in
// Save as template and Manage templates.
import useSWR from 'swr';
import { useApi } from '../app/services.ts';
import { createDashboardTemplate, deleteDashboardTemplate, listDashboardTemplates, renameDashboardTemplate } from './monitorApi.ts';

export function useDashboardTemplates(enabled: boolean) {
  const api = useApi();
  const query = useSWR(enabled ? ['dashboard-templates'] : null, () => listDashboardTemplates(api), { revalidateOnFocus: false });
  const { mutate } = query;
  return {
    ...query,
    create: async (name: string, viewId: string) => {
      const created = await createDashboardTemplate(api, { name, viewId });
      await mutate((list) => [...(list ?? []), created], { revalidate: false });
    },
    rename: async (id: string, name: string) => {
      const renamed = await renameDashboardTemplate(api, id, name);
      await mutate((list) => list?.map((t) => (t.id === id ? renamed : t)), { revalidate: false });
    },
    remove: async (id: string) => {
      await deleteDashboardTemplate(api, id);
      await mutate((list) => list?.filter((t) => t.id !== id), { revalidate: false });
    },
  };
}
