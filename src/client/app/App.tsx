// Root component: theme, notifications, modals, data cache and the router, around the app's services.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router/dom';
import type { DataRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { TOAST_AUTO_CLOSE_MS } from '../../domain/constants.ts';
import { ServicesContext, type AppServices } from './services.ts';
import { theme } from './theme.ts';

interface AppProps {
  services: AppServices;
  router: DataRouter;
}

export function App({ services, router }: AppProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ServicesContext.Provider value={services}>
        <SWRConfig value={{ revalidateOnFocus: true, keepPreviousData: true, errorRetryCount: 2 }}>
          <ModalsProvider>
            <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={5} zIndex={4000} />
            <RouterProvider router={router} />
          </ModalsProvider>
        </SWRConfig>
      </ServicesContext.Provider>
    </MantineProvider>
  );
}
