// /auth/callback: the provider sends the browser here after login; the code is exchanged for tokens and
// the user continues to the page they wanted.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useServices } from '../app/services.ts';
import { LoadingPage } from '../app/LoadingPage.tsx';
import { StatusPage } from '../ui/StatusPage.tsx';

export function AuthCallbackPage() {
  const { auth } = useServices();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  // The code can be exchanged only once, also under React's double effects in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    auth
      .completeLogin()
      .then((returnTo) => navigate(returnTo, { replace: true }))
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)));
  }, [auth, navigate]);

  if (failed === null) return <LoadingPage />;
  return (
    <StatusPage
      testId="login-error-page"
      title="Something went wrong while trying to log you in!"
      fullScreen
      actions={
        <Button data-testid="login-retry" onClick={() => void auth.login('/projects')}>
          Try again
        </Button>
      }
    >
      {failed}
    </StatusPage>
  );
}
