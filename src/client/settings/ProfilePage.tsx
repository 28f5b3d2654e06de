// Profile & Settings: the own profile, password and two-factor authentication.
import { Stack } from '@mantine/core';
import { useSession } from '../session/session.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { AuthenticatorsSection } from './AuthenticatorsSection.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';

export function ProfilePage() {
  const { user } = useSession();
  return (
    <div data-testid="settings-profile">
      <PageHeader title="Profile & Settings" description="How your team sees you, and how you sign in." />
      <Stack gap="lg">
        <ProfileForm />
        {user.ssoConnection === null && <ChangePasswordForm />}
        <AuthenticatorsSection />
      </Stack>
    </div>
  );
}
