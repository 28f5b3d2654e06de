// Loading and error display for a block of data read with SWR: a skeleton while loading, the API's
// message with a retry when it failed, the children once there is data.
import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { errorMessage } from '../api/ApiClient.ts';
import { Icon } from './Icon.tsx';

interface QueryStateProps<T> {
  data: T | undefined;
  error: unknown;
  retry?: () => void;
  children: (data: T) => ReactNode;
  rows?: number;
  errorTitle?: string;
}

export function QueryState<T>({ data, error, retry, children, rows = 3, errorTitle = 'Could not load this' }: QueryStateProps<T>) {
  if (error && data === undefined) {
    return (
      <Alert color="red" variant="light" title={errorTitle} icon={<Icon name="alert" />} data-testid="query-error">
        {errorMessage(error)}
        {retry && (
          <Button size="xs" variant="light" color="red" mt="sm" display="block" onClick={retry}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  if (data === undefined) {
    return (
      <Stack gap="xs" data-testid="query-loading">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} h={18} w={`${90 - i * 12}%`} />
        ))}
      </Stack>
    );
  }
  return children(data);
}
