// Error element of the router: shows the fallback page for whatever a route threw.
import { useRouteError } from 'react-router';
import { supportEmail } from './clientConfig.ts';
import { ErrorFallbackPage } from './ErrorFallbackPage.tsx';
import { useServices } from './services.ts';

export function RouteErrorPage() {
  const error = useRouteError();
  const { rawConfig } = useServices();
  return <ErrorFallbackPage error={error} supportEmail={supportEmail(rawConfig)} />;
}
