// The organisation: its record (features, subscription, credits) and storage use.
import { storageConsumptionSchema } from '../../domain/budget.ts';
import { organizationSchema } from '../../domain/organization.ts';
import { authOf } from './identity/requestAuth.ts';
import { currentOrganization, storageConsumption } from './organizations.service.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';

export const organizationRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['organizations'];

  app.get(
    '/organizations',
    { schema: { tags, security: bearer, summary: "The caller's organisation", response: { 200: organizationSchema, ...errorResponses } } },
    async (request) => currentOrganization(ctx, authOf(request)),
  );

  app.get(
    '/storage_consumption/organization',
    { schema: { tags, security: bearer, summary: 'Storage used and available (bytes)', response: { 200: storageConsumptionSchema, ...errorResponses } } },
    async (request) => storageConsumption(ctx, authOf(request)),
  );
};
