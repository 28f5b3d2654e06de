// The route table of the app (spec 1 §2, spec 2 §2). Public: the OIDC callback, /logout and
// /unauthorized. Everything else needs a signed-in user and lives in the app frame.
import { Navigate, type RouteObject } from 'react-router';
import { AuthCallbackPage } from '../auth/AuthCallbackPage.tsx';
import { LogoutPage } from '../auth/LogoutPage.tsx';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { UnauthorizedPage } from '../auth/UnauthorizedPage.tsx';
import { MachinesPage } from '../machines/MachinesPage.tsx';
import { RemoteVmPage } from '../machines/RemoteVmPage.tsx';
import { ProjectsPage } from '../projects/ProjectsPage.tsx';
import { SessionProvider } from '../session/SessionProvider.tsx';
import { BudgetPage } from '../settings/BudgetPage.tsx';
import { OverviewPage } from '../settings/OverviewPage.tsx';
import { ProfilePage } from '../settings/ProfilePage.tsx';
import { RequirePermission } from '../settings/RequirePermission.tsx';
import { SettingsLayout } from '../settings/SettingsLayout.tsx';
import { SubscriptionPage } from '../settings/SubscriptionPage.tsx';
import { TeamPage } from '../settings/TeamPage.tsx';
import { AppLayout } from '../shell/AppLayout.tsx';
import { SimulationLayout } from '../simulation/SimulationLayout.tsx';
import { SimulationModePage } from '../simulation/SimulationModePage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { PERMISSIONS } from '../../domain/permissions.ts';

export const routes: RouteObject[] = [
  { path: '/auth/callback', element: <AuthCallbackPage />, errorElement: <RouteErrorPage /> },
  { path: '/logout', element: <LogoutPage />, errorElement: <RouteErrorPage /> },
  { path: '/unauthorized', element: <UnauthorizedPage />, errorElement: <RouteErrorPage /> },
  {
    element: (
      <RequireAuth>
        <SessionProvider>
          <AppLayout />
        </SessionProvider>
      </RequireAuth>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to="/projects" replace /> },
          { path: 'projects', element: <ProjectsPage /> },
          { path: 'machines', element: <MachinesPage /> },
          { path: 'machines/:simulationId', element: <RemoteVmPage /> },
          {
            path: 'settings',
            element: <SettingsLayout />,
            children: [
              { index: true, element: <OverviewPage /> },
              { path: 'overview', element: <OverviewPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'budget', element: <BudgetPage /> },
              {
                path: 'team',
                element: (
                  <RequirePermission permission={PERMISSIONS.USERS_VIEW}>
                    <TeamPage />
                  </RequirePermission>
                ),
              },
              {
                path: 'subscription',
                element: (
                  <RequirePermission permission={PERMISSIONS.SUBSCRIPTION_VIEW}>
                    <SubscriptionPage />
                  </RequirePermission>
                ),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'simulation/:simulationId',
            element: <SimulationLayout />,
            children: [
              { path: 'preprocessor', element: <SimulationModePage mode="setup" /> },
              { path: 'dashboard', element: <SimulationModePage mode="monitor" /> },
              { path: 'postprocessor', element: <SimulationModePage mode="results" /> },
              { index: true, element: <NotFoundPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
