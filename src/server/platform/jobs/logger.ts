// The logger the job system writes to: Fastify's logger in the API process, a JSON-lines logger in
// worker processes (same shape: an object of fields, then the message).
import { serializeError } from '../http/logging.ts';
export interface JobLogger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/** One JSON object per line on stdout (pino's layout, so the same tools read API and worker logs). */
export function jsonLinesLogger(base: Record<string, unknown>, minLevel: keyof typeof LEVELS = 'info'): JobLogger {
  const write = (level: keyof typeof LEVELS) => (fields: object, message?: string) => {
    if (LEVELS[level] < LEVELS[minLevel]) return;
    const record: Record<string, unknown> = { level: LEVELS[level], time: Date.now(), ...base, ...fields };
    if (record.err instanceof Error) record.err = serializeError(record.err);
    if (message !== undefined) record.msg = message;
    process.stdout.write(`${JSON.stringify(record)}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
