// The realtime channel's command router: each frame is checked against the domain's union of commands
// (realtimeCommandSchema) and goes to the handler registered for its type, which receives the command
// typed by that type and answers with zero or more server messages of the domain's union.
import type { AuthContext } from '../access.ts';
import type { ServiceContext } from '../context.ts';
import {
  realtimeCommandSchema,
  type RealtimeCommand,
  type RealtimeCommandOf,
  type RealtimeCommandType,
  type RealtimeServerMessage,
} from '../../../domain/realtimeMessages.ts';

export type RealtimeSession = {
  auth: AuthContext;
  ctx: ServiceContext;
  send(message: RealtimeServerMessage): void;
  /** Runs `listener` once when the socket closes (subscriptions end there). */
  onClose(listener: () => void): void;
};

type Replies = RealtimeServerMessage | RealtimeServerMessage[] | void;
export type CommandHandler<T extends RealtimeCommandType> = (session: RealtimeSession, command: RealtimeCommandOf<T>) => Promise<Replies> | Replies;

export class CommandRouter {
  private readonly handlers = new Map<RealtimeCommandType, (session: RealtimeSession, command: RealtimeCommand) => Promise<Replies> | Replies>();

  register<T extends RealtimeCommandType>(type: T, handler: CommandHandler<T>): this {
    if (this.handlers.has(type)) throw new Error(`realtime command ${type} is registered twice`);
    this.handlers.set(type, handler as (session: RealtimeSession, command: RealtimeCommand) => Promise<Replies> | Replies);
    return this;
  }

  has(type: RealtimeCommandType): boolean {
    return this.handlers.has(type);
  }

  /** Parses one incoming frame and runs its handler; malformed, unknown or invalid commands get an error reply. */
  async dispatch(session: RealtimeSession, raw: string): Promise<void> {
    let type: string;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
      const candidate = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
      if (typeof candidate !== 'string') throw new Error('no type');
      type = candidate;
    } catch {
      session.send({ type: 'error', error: 'malformed_message', description: 'Messages are JSON objects with a string "type".' });
      return;
    }
    const handler = this.handlers.get(type as RealtimeCommandType);
    if (!handler) {
      session.send({ type: 'error', error: 'unknown_command', command: type, description: `Unknown command ${type}.` });
      return;
    }
    const command = realtimeCommandSchema.safeParse(parsed);
    if (!command.success) {
      const first = command.error.issues[0];
      const simId = (parsed as { simId?: unknown }).simId;
      session.send({
        type: 'error',
        error: 'invalid_command',
        command: type,
        ...(typeof simId === 'string' ? { simId } : {}),
        description: `${first.path.join('.') || 'message'}: ${first.message}`,
      });
      return;
    }
    try {
      const replies = await handler(session, command.data);
      for (const reply of Array.isArray(replies) ? replies : replies ? [replies] : []) session.send(reply);
    } catch (error) {
      session.ctx.log.error({ err: error, command: type }, 'realtime command failed');
      session.send({ type: 'error', error: 'command_failed', command: type, description: 'The command failed.' });
    }
  }
}
