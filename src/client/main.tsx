// Browser entry: loads the runtime configuration, creates sign-in, API and realtime services, and renders
// the app. Without a configuration nothing can work, so a failure there shows the fallback page at once.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { ApiClient } from './api/ApiClient.ts';
import { fetchPublicConfig, fetchServerVersion } from './api/publicApi.ts';
import { App } from './app/App.tsx';
import { ErrorFallbackPage } from './app/ErrorFallbackPage.tsx';
import { routes } from './app/routes.tsx';
import { theme } from './app/theme.ts';
import { AuthSession } from './auth/authSession.ts';
import { bindConnectionNotice } from './realtime/connectionNotice.ts';
import { createRealtimeConnection } from './realtime/createRealtimeConnection.ts';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  let loaded: Awaited<ReturnType<typeof fetchPublicConfig>>;
  let loadedVersion: string;
  try {
    [loaded, loadedVersion] = await Promise.all([fetchPublicConfig(), fetchServerVersion()]);
  } catch (error) {
    root.render(
      <MantineProvider theme={theme}>
        <ErrorFallbackPage error={error} />
      </MantineProvider>,
    );
    return;
  }
  const { config, rawConfig } = loaded;
  const auth = new AuthSession(config);
  const router = createBrowserRouter(routes);
  const api = new ApiClient(auth, {
    onUnauthenticated: () => void router.navigate('/unauthorized', { replace: true }),
  });
  const realtime = createRealtimeConnection(auth);
  bindConnectionNotice(realtime);
  root.render(
    <StrictMode>
      <App services={{ config, rawConfig, loadedVersion, auth, api, realtime }} router={router} />
    </StrictMode>,
  );
}

void start();
