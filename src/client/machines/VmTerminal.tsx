// The machine's terminal: xterm.js fitted to its box, linked to the shell by a TerminalLink. Copy and
// paste with the toolbar, Ctrl+Shift+C / Ctrl+Shift+V, or the browser's own paste; a lost connection is
// retried 3 times at 1 s before the terminal says so.
import { ActionIcon, Button, Card, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../app/services.ts';
import { Icon } from '../ui/Icon.tsx';
import { TerminalLink, type TerminalLinkStatus } from './terminalLink.ts';

interface Props {
  simulationId: string;
  /** The terminal's connection as the window state reads it. */
  onStatus?: (status: TerminalLinkStatus) => void;
}

const THEME = { background: '#101418', foreground: '#e6e9ee', cursor: '#7fb4ff', selectionBackground: '#3a5a8c' };

export function VmTerminal({ simulationId, onStatus }: Props) {
  const { auth } = useServices();
  const box = useRef<HTMLDivElement>(null);
  const terminalRef = useRef<Terminal | null>(null);
  const linkRef = useRef<TerminalLink | null>(null);
  const [status, setStatus] = useState<{ status: TerminalLinkStatus; detail: string | null }>({ status: 'connecting', detail: null });
  const latestOnStatus = useRef(onStatus);
  useEffect(() => {
    latestOnStatus.current = onStatus;
  });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const terminal = new Terminal({ cursorBlink: true, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13, theme: THEME, scrollback: 5000 });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(element);
    fit.fit();
    terminalRef.current = terminal;
    const link = new TerminalLink({
      auth,
      simId: simulationId,
      view: {
        replay: (text) => {
          terminal.reset();
          terminal.write(text);
        },
        write: (text) => terminal.write(text),
        size: () => ({ cols: terminal.cols, rows: terminal.rows }),
      },
    });
    linkRef.current = link;
    const offStatus = link.onStatus((next, detail) => {
      setStatus({ status: next, detail });
      latestOnStatus.current?.(next);
    });
    const onData = terminal.onData((data) => link.input(data));
    const onResize = terminal.onResize(({ cols, rows }) => link.resize(cols, rows));
    terminal.attachCustomKeyEventHandler((event) => {
      if (event.type !== 'keydown' || !event.ctrlKey || !event.shiftKey) return true;
      if (event.code === 'KeyC') {
        const selection = terminal.getSelection();
        if (selection) void navigator.clipboard?.writeText(selection).catch(() => undefined);
        return false;
      }
      if (event.code === 'KeyV') {
        void navigator.clipboard?.readText().then((text) => terminal.paste(text), () => undefined);
        return false;
      }
      return true;
    });
    const observer = new ResizeObserver(() => {
      try {
        fit.fit();
      } catch {
        // The box is hidden for a moment.
      }
    });
    observer.observe(element);
    link.start();
    terminal.focus();
    return () => {
      observer.disconnect();
      offStatus();
      onData.dispose();
      onResize.dispose();
      link.stop();
      terminal.dispose();
      terminalRef.current = null;
      linkRef.current = null;
    };
  }, [auth, simulationId]);

  const copy = () => {
    const selection = terminalRef.current?.getSelection();
    if (selection) void navigator.clipboard?.writeText(selection).catch(() => undefined);
    terminalRef.current?.focus();
  };
  const paste = () => {
    void navigator.clipboard?.readText().then(
      (text) => terminalRef.current?.paste(text),
      () => undefined,
    );
    terminalRef.current?.focus();
  };

  return (
    <Card withBorder radius="md" padding={0} data-testid="vm-terminal" data-status={status.status} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap={6}>
          <Icon name="server" size={16} />
          <Text size="sm" fw={600}>
            Terminal
          </Text>
          <Text size="xs" c="dimmed">
            {status.status === 'connected' ? 'connected' : status.status === 'connecting' ? 'connecting…' : status.status === 'ended' ? 'shell ended' : 'disconnected'}
          </Text>
        </Group>
        <Group gap={4}>
          <Tooltip label="Copy the selection (Ctrl+Shift+C)">
            <ActionIcon variant="subtle" color="gray" aria-label="Copy" onClick={copy} data-testid="vm-terminal-copy">
              <Icon name="copy" size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Paste (Ctrl+Shift+V)">
            <ActionIcon variant="subtle" color="gray" aria-label="Paste" onClick={paste} data-testid="vm-terminal-paste">
              <Icon name="clone" size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <div style={{ position: 'relative', background: THEME.background }}>
        <div ref={box} style={{ height: 'min(58vh, 560px)', padding: 6 }} data-testid="vm-terminal-screen" />
        {(status.status === 'connecting' || status.status === 'failed' || status.status === 'closed') && (
          <Stack
            align="center"
            justify="center"
            gap="xs"
            style={{ position: 'absolute', inset: 0, background: 'rgba(16, 20, 24, 0.82)', color: '#e6e9ee' }}
            data-testid="vm-terminal-overlay"
          >
            {status.status === 'connecting' ? (
              <>
                <Loader size="sm" color="blue" />
                <Text size="sm">Connecting to the Virtual Machine…</Text>
              </>
            ) : (
              <>
                <Text size="sm" ta="center" maw={420}>
                  {status.detail ?? 'The connection to the Virtual Machine was lost.'}
                </Text>
                {status.status === 'failed' && (
                  <Button size="xs" variant="light" onClick={() => linkRef.current?.retry()} data-testid="vm-terminal-retry">
                    Reconnect
                  </Button>
                )}
              </>
            )}
          </Stack>
        )}
      </div>
    </Card>
  );
}
