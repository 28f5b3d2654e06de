// Generates the lab's dam-break particles off the main thread and transfers the arrays.
import { generateDamBreak } from './damBreak.ts';

self.onmessage = (event: MessageEvent<{ count: number }>) => {
  const data = generateDamBreak(event.data.count);
  const buffers = [data.positions.buffer, data.velocity.buffer, data.pressure.buffer, data.density.buffer];
  (self as unknown as Worker).postMessage(data, buffers as ArrayBuffer[]);
};
