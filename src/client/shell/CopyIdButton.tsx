// Copies the simulation id for support tickets and the Python API; the tooltip then reads 'Copied!'.
import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { Icon } from '../ui/Icon.tsx';

export function CopyIdButton({ id }: { id: string }) {
  return (
    <CopyButton value={id} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied!' : 'Copy ID'} opened={copied ? true : undefined} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="lg"
            aria-label="Copy simulation ID"
            data-testid="copy-simulation-id"
            data-copied={copied}
            onClick={copy}
          >
            <Icon name={copied ? 'check' : 'copy'} />
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
