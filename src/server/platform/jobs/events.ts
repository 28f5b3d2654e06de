// The event bus between whoever produces simulation events (job handlers, lifecycle calls) and the API
// processes whose sockets deliver them, plus a control channel that reaches the worker holding a job.
// In-process in the embedded server; Redis pub/sub in a cluster (redisEvents.ts).
import { EventEmitter } from 'node:events';
import type { SimulationEvent } from '../../../domain/realtimeMessages.ts';

/** An event about one simulation, delivered to the sockets subscribed to it. */
export type BusEvent = { simId: string; message: SimulationEvent };

/** Asks the worker holding a job to cancel it (or, for a solver run, to stop it with a checkpoint). */
export type ControlMessage = { type: 'job.cancel'; jobId: string };

export interface EventBus {
  publish(event: BusEvent): void;
  onEvent(listener: (event: BusEvent) => void): () => void;
  publishControl(message: ControlMessage): void;
  onControl(listener: (message: ControlMessage) => void): () => void;
  close(): Promise<void>;
}

export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every socket subscription and every running job adds a listener.
    this.emitter.setMaxListeners(0);
  }

  publish(event: BusEvent): void {
    this.emitter.emit('event', event);
  }

  onEvent(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  publishControl(message: ControlMessage): void {
    this.emitter.emit('control', message);
  }

  onControl(listener: (message: ControlMessage) => void): () => void {
    this.emitter.on('control', listener);
    return () => this.emitter.off('control', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
