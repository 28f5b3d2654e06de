// Shown for every path the app does not know, inside the app frame.
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { StatusPage } from '../ui/StatusPage.tsx';

export function NotFoundPage() {
  return (
    <StatusPage
      testId="not-found-page"
      code="404"
      title="It's empty here!"
      actions={
        <Button component={Link} to="/projects" data-testid="not-found-home">
          Go to your projects
        </Button>
      }
    >
      The page you are looking for does not exist or was moved. Check the address, or start again from your projects.
    </StatusPage>
  );
}
