// The realtime channel's command router: each message {type, ...} goes to the handler registered for
// its type, which answers with zero or more replies. Results, statistics and job events register more
// commands later; the router itself knows none of them.
import type { AuthContext } from '../services/access.ts';
import type { ServiceContext } from '../services/context.ts';

export type RealtimeMessage = { type: string; [key: string]: unknown };

export type RealtimeSession = {
  auth: AuthContext;
  ctx: ServiceContext;
  send(message: RealtimeMessage): void;
  /** Runs `listener` once when the socket closes (subscriptions end there). */
  onClose(listener: () => void): void;
};

export type CommandHandler = (session: RealtimeSession, message: RealtimeMessage) => Promise<RealtimeMessage | RealtimeMessage[] | void> | RealtimeMessage | RealtimeMessage[] | void;

export class CommandRouter {
  private readonly handlers = new Map<string, CommandHandler>();

  register(type: string, handler: CommandHandler): this {
    if (this.handlers.has(type)) throw new Error(`realtime command ${type} is registered twice`);
    this.handlers.set(type, handler);
    return this;
  }

  has(type: string): boolean {
    return this.handlers.has(type);
  }

  /** Parses one incoming frame and runs its handler; malformed or unknown commands get an error reply. */
  async dispatch(session: RealtimeSession, raw: string): Promise<void> {
    let message: RealtimeMessage;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') throw new Error('no type');
      message = parsed as RealtimeMessage;
    } catch {
      session.send({ type: 'error', error: 'malformed_message', description: 'Messages are JSON objects with a string "type".' });
      return;
    }
    const handler = this.handlers.get(message.type);
    if (!handler) {
      session.send({ type: 'error', error: 'unknown_command', command: message.type, description: `Unknown command ${message.type}.` });
      return;
    }
    try {
      const replies = await handler(session, message);
      for (const reply of Array.isArray(replies) ? replies : replies ? [replies] : []) session.send(reply);
    } catch (error) {
      session.ctx.log.error({ err: error, command: message.type }, 'realtime command failed');
      session.send({ type: 'error', error: 'command_failed', command: message.type, description: 'The command failed.' });
    }
  }
}
