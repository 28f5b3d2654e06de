// /logout: signs out at the provider, which returns to /logout?confirm=true. There the page confirms the
// secure logout, and signs out again if a session is still present (spec 2 §2).
import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useServices } from '../app/services.ts';
import { LoadingPage } from '../app/LoadingPage.tsx';
import { StatusPage } from '../ui/StatusPage.tsx';

const RETRY_KEY = 'surge.logout.retries';
/** Bound on sign-out retries, so that a provider that keeps the session cannot trap the tab in a loop. */
const MAX_RETRIES = 2;

export function LogoutPage() {
  const { auth } = useServices();
  const [params] = useSearchParams();
  const confirmed = params.get('confirm') === 'true';
  const [loggedOut, setLoggedOut] = useState(false);
  // Signing out redirects the tab; it must start once, also under React's double effects in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      if (!confirmed) {
        sessionStorage.removeItem(RETRY_KEY);
        await auth.logout();
        return;
      }
      if (await auth.isSignedIn()) {
        const retries = Number(sessionStorage.getItem(RETRY_KEY) ?? '0');
        if (retries < MAX_RETRIES) {
          sessionStorage.setItem(RETRY_KEY, String(retries + 1));
          await auth.logout();
          return;
        }
        // The provider ended its session but this tab still holds tokens: drop them here.
        await auth.forgetUser();
      }
      sessionStorage.removeItem(RETRY_KEY);
      setLoggedOut(true);
    })().catch(async () => {
      await auth.forgetUser();
      setLoggedOut(true);
    });
  }, [auth, confirmed]);

  if (!loggedOut) return <LoadingPage />;
  return (
    <StatusPage
      testId="logged-out-page"
      title="You have been securely logged out"
      fullScreen
      actions={
        <Button data-testid="logged-out-login" onClick={() => void auth.login('/projects')}>
          Sign in again
        </Button>
      }
    >
      Thank you for using Surge. You can close this window or sign in again.
    </StatusPage>
  );
}
