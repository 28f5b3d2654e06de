// 'Something went wrong!': the last resort when a screen throws. Asks to refresh and to mail support.
import { Anchor, Button, Code, Group } from '@mantine/core';
import { isRouteErrorResponse } from 'react-router';
import { StatusPage } from '../ui/StatusPage.tsx';

interface ErrorFallbackPageProps {
  error?: unknown;
  supportEmail?: string | null;
}

export function ErrorFallbackPage({ error, supportEmail }: ErrorFallbackPageProps) {
  const detail = describe(error);
  return (
    <StatusPage
      testId="error-fallback-page"
      title="Something went wrong!"
      fullScreen
      actions={
        <Group>
          <Button data-testid="error-refresh" onClick={() => window.location.reload()}>
            Refresh the page
          </Button>
        </Group>
      }
    >
      Please refresh the page. If the problem persists,{' '}
      {supportEmail ? (
        <>
          mail us at{' '}
          <Anchor href={`mailto:${supportEmail}?subject=${encodeURIComponent('Surge error: ' + detail)}`}>{supportEmail}</Anchor>
        </>
      ) : (
        'mail your Surge support'
      )}{' '}
      and tell us what you were doing.
      {detail && (
        <Code block mt="md" ta="left">
          {detail}
        </Code>
      )}
    </StatusPage>
  );
}

function describe(error: unknown): string {
  if (!error) return '';
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
