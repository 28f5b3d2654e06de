// Gate of every authenticated route: a visitor without a session is sent to the provider's login page and
// comes back to the path they asked for.
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../app/services.ts';
import { LoadingPage } from '../app/LoadingPage.tsx';
import { isLoginRequiredError } from './authSession.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { auth } = useServices();
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    let cancelled = false;
    auth
      .getUser()
      .then((user) => {
        if (cancelled) return;
        if (user) setSignedIn(true);
        else void auth.login();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isLoginRequiredError(error)) void auth.login();
        else void navigate('/unauthorized', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [auth, navigate]);

  if (!signedIn) return <LoadingPage />;
  return children;
}
