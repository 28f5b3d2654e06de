// The event bus over Redis pub/sub, for clusters: workers publish, every API replica subscribes and hands
// the events to its own sockets; control messages reach every worker.
import { Redis } from 'ioredis';
import type { BusEvent, ControlMessage, EventBus } from './events.ts';
import type { JobLogger } from './logger.ts';

export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly eventListeners = new Set<(event: BusEvent) => void>();
  private readonly controlListeners = new Set<(message: ControlMessage) => void>();
  private readonly eventChannel: string;
  private readonly controlChannel: string;
  private readonly ready: Promise<unknown>;

  constructor(url: string, prefix: string, log: JobLogger) {
    this.eventChannel = `${prefix}:events`;
    this.controlChannel = `${prefix}:control`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: unknown) => log.warn({ err: error }, 'redis connection error'));
    }
    this.ready = this.subscriber.subscribe(this.eventChannel, this.controlChannel);
    this.subscriber.on('message', (channel: string, text: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      if (channel === this.eventChannel) for (const listener of this.eventListeners) listener(parsed as BusEvent);
      else if (channel === this.controlChannel) for (const listener of this.controlListeners) listener(parsed as ControlMessage);
    });
  }

  /** Resolves once the subscriptions are active (events published before that would be missed). */
  async whenReady(): Promise<void> {
    await this.ready;
  }

  publish(event: BusEvent): void {
    void this.publisher.publish(this.eventChannel, JSON.stringify(event)).catch(() => undefined);
  }

  onEvent(listener: (event: BusEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  publishControl(message: ControlMessage): void {
    void this.publisher.publish(this.controlChannel, JSON.stringify(message)).catch(() => undefined);
  }

  onControl(listener: (message: ControlMessage) => void): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.eventListeners.clear();
    this.controlListeners.clear();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
