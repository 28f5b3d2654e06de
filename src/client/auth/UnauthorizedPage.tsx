// /unauthorized: the sign-in could not be used (the current user could not be loaded, or the API refused
// the token). Login starts a fresh sign-in.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useServices } from '../app/services.ts';
import { StatusPage } from '../ui/StatusPage.tsx';

export function UnauthorizedPage() {
  const { auth } = useServices();
  const [busy, setBusy] = useState(false);
  return (
    <StatusPage
      testId="unauthorized-page"
      title="Authentication Failed"
      fullScreen
      actions={
        <Button
          data-testid="unauthorized-login"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void auth.login('/projects');
          }}
        >
          Login
        </Button>
      }
    >
      We could not confirm who you are. Your session may have expired or your account may have been deactivated.
      Sign in again to continue.
    </StatusPage>
  );
}
