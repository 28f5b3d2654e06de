// What the connection toast says (spec 1 §4): nothing while connected, 'reconnecting' while a lost
// connection is being restored, 'reconnected' for 3 s afterwards, 'lost' once the engine gave up.
import { createStore } from 'zustand/vanilla';
import { RECONNECTED_NOTICE_MS } from '../../domain/constants.ts';
import type { ConnectionStatus, RealtimeConnection } from './RealtimeConnection.ts';

export type ConnectionNotice = 'none' | 'reconnecting' | 'reconnected' | 'lost';

export interface ConnectionNoticeState {
  notice: ConnectionNotice;
}

/** The notice that follows `status`, given the current one; null means 'keep the current notice'. */
export function nextNotice(current: ConnectionNotice, status: ConnectionStatus): ConnectionNotice | null {
  switch (status) {
    case 'reconnecting':
      return 'reconnecting';
    case 'connected':
      return current === 'reconnecting' || current === 'lost' ? 'reconnected' : null;
    case 'closed':
      return current === 'reconnecting' ? 'lost' : null;
    default:
      return null;
  }
}

export const connectionNoticeStore = createStore<ConnectionNoticeState>(() => ({ notice: 'none' }));

/** Drives the notice store from a connection; returns the function that unbinds it. */
export function bindConnectionNotice(connection: RealtimeConnection, store = connectionNoticeStore): () => void {
  let clearTimer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribe = connection.onStatus((status) => {
    const next = nextNotice(store.getState().notice, status);
    if (next === null) return;
    if (clearTimer) clearTimeout(clearTimer);
    clearTimer = null;
    store.setState({ notice: next });
    if (next === 'reconnected') {
      clearTimer = setTimeout(() => store.setState({ notice: 'none' }), RECONNECTED_NOTICE_MS);
    }
  });
  return () => {
    unsubscribe();
    if (clearTimer) clearTimeout(clearTimer);
  };
}
