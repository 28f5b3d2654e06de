// Admission control for the embedded database: PGlite runs in this process and executes one query at
// a time, so API requests are let in a few at a time, first come first served. Without it, hundreds of
// concurrent requests interleave their queries and some wait far longer than others.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export class FifoLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }

  get queued(): number {
    return this.waiting.length;
  }
}

const HELD = Symbol('admission held');
type Admitted = FastifyRequest & { [HELD]?: boolean };

/** Lets at most `limit` API requests run at once; the rest wait in arrival order. */
export function installAdmissionControl(app: FastifyInstance, limit: number): FifoLimiter {
  const limiter = new FifoLimiter(limit);
  const release = (request: Admitted) => {
    if (!request[HELD]) return;
    request[HELD] = false;
    limiter.release();
  };
  app.addHook('onRequest', async (request: Admitted) => {
    await limiter.acquire();
    request[HELD] = true;
  });
  app.addHook('onResponse', async (request: Admitted) => release(request));
  app.addHook('onRequestAbort', async (request: Admitted) => release(request));
  return limiter;
}
