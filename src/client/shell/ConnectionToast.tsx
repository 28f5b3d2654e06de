// The connection toast (spec 1 §4): 'reconnecting' while the realtime channel is being restored,
// 'reconnected' for 3 s afterwards, and a reload hint once reconnecting gave up.
import { Button, Loader, Notification, Portal } from '@mantine/core';
import { useStore } from 'zustand';
import { MESSAGES } from '../../domain/messages.ts';
import { connectionNoticeStore } from '../realtime/connectionNotice.ts';
import { Icon } from '../ui/Icon.tsx';

export function ConnectionToast() {
  const notice = useStore(connectionNoticeStore, (state) => state.notice);
  if (notice === 'none') return null;
  return (
    <Portal>
      <div style={{ position: 'fixed', bottom: 20, left: '50%', transform: 'translateX(-50%)', zIndex: 3000, width: 'min(440px, 92vw)' }}>
        {notice === 'reconnecting' && (
          <Notification withCloseButton={false} color="orange" icon={<Loader size={16} color="white" />} data-testid="connection-toast" data-state="reconnecting">
            {MESSAGES.connectionLost}
          </Notification>
        )}
        {notice === 'reconnected' && (
          <Notification withCloseButton={false} color="teal" icon={<Icon name="check" size={16} />} data-testid="connection-toast" data-state="reconnected">
            {MESSAGES.connectionRestored}
          </Notification>
        )}
        {notice === 'lost' && (
          <Notification withCloseButton={false} color="red" icon={<Icon name="wifiOff" size={16} />} title="No connection to the server" data-testid="connection-toast" data-state="lost">
            Live updates stopped. Reload the page to reconnect.
            <Button size="xs" variant="light" color="red" mt="xs" display="block" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Notification>
        )}
      </div>
    </Portal>
  );
}
