// Loads the signed-in user once for all screens and opens the realtime channel for them. A user that
// cannot be loaded means the sign-in is not usable: the app goes to /unauthorized (spec 2 §2).
import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import useSWR from 'swr';
import { getCurrentUser } from '../api/usersApi.ts';
import { useServices } from '../app/services.ts';
import { LoadingPage } from '../app/LoadingPage.tsx';
import { makeSession, SessionContext } from './session.ts';

export const CURRENT_USER_KEY = 'current-user';

export function SessionProvider({ children }: { children: ReactNode }) {
  const { api, realtime } = useServices();
  const { data: user, error, mutate } = useSWR(CURRENT_USER_KEY, () => getCurrentUser(api), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  useEffect(() => {
    if (!user) return;
    realtime.start();
    const onVisibility = () => realtime.setPageHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [user, realtime]);

  useEffect(() => () => realtime.stop(), [realtime]);

  const session = useMemo(() => (user ? makeSession(user, () => mutate()) : null), [user, mutate]);

  if (error) return <Navigate to="/unauthorized" replace />;
  if (!session) return <LoadingPage />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
