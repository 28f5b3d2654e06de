// Back button of the menu bar: shown outside simulations once the user has navigated inside the app.
import { ActionIcon, Tooltip } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/** The router numbers the entries of this app in the tab; above 0 there is an earlier page of the app. */
function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && typeof (state as { idx?: unknown }).idx === 'number' && (state as { idx: number }).idx > 0;
}
import { Icon } from '../ui/Icon.tsx';

export function BackButton() {
  // Read on every location change, so the button appears after the first navigation inside the app.
  useLocation();
  const navigate = useNavigate();
  if (!hasAppHistory()) return null;
  return (
    <Tooltip label="Back">
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Back" data-testid="menu-back" onClick={() => void navigate(-1)}>
        <Icon name="arrowLeft" />
      </ActionIcon>
    </Tooltip>
  );
}
