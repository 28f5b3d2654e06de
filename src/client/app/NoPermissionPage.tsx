// Shown when a signed-in user opens an area their role does not allow (team, subscription).
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { StatusPage } from '../ui/StatusPage.tsx';

export function NoPermissionPage() {
  return (
    <StatusPage
      testId="no-permission-page"
      code="403"
      title="What are you doing here?"
      actions={
        <Button component={Link} to="/settings/overview" variant="light">
          Back to the overview
        </Button>
      }
    >
      Your role does not give you access to this page. Ask an administrator of your organisation if you need it.
    </StatusPage>
  );
}
