// Shapes shared by all API calls: paginated lists, list-valued query parameters, the runtime configuration.
import { z } from 'zod';

export const API_PREFIX = '/api';

/** `{results, resultCount, pageCount}`, the envelope of every paginated list. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    resultCount: z.number().int().nonnegative(),
    pageCount: z.number().int().nonnegative(),
  });
}
export type Paginated<T> = { results: T[]; resultCount: number; pageCount: number };

export function pageCount(resultCount: number, pageLimit: number): number {
  return pageLimit <= 0 ? (resultCount > 0 ? 1 : 0) : Math.ceil(resultCount / pageLimit);
}

/** A query parameter given repeated (`?a=1&a=2`) or comma separated (`?a=1,2`). */
export function queryListSchema<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return [];
    const list = Array.isArray(value) ? value : [value];
    return list.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
  }, z.array(item));
}

/** A boolean query flag: `true`/`1` is true, `false`/`0`/absent is false. */
export const queryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const idParamsSchema = z.object({ id: z.string().uuid('Not a valid id') });
export type IdParams = z.infer<typeof idParamsSchema>;

export const deletedSchema = z.object({ id: z.string() }).meta({ id: 'Deleted' });
export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** The Help menu's external links in the order the menu shows them; Submit Ticket comes after a divider. */
export const HELP_LINK_KEYS = ['knowledgeBase', 'pythonDocumentation', 'ticketPortal', 'bookFeedbackSession', 'submitTicket'] as const;
export type HelpLinkKey = (typeof HELP_LINK_KEYS)[number];
export const HELP_LINK_LABELS: Record<HelpLinkKey, string> = {
  knowledgeBase: 'Knowledge Base',
  pythonDocumentation: 'Python Documentation',
  ticketPortal: 'Ticket Portal',
  bookFeedbackSession: 'Book Feedback Session',
  submitTicket: 'Submit Ticket',
};

/** Links are web pages or mail addresses; anything else (javascript:, data:) is refused. */
export const helpLinkUrlSchema = z.string().trim().max(2000).refine((value) => {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be an http(s) or mailto URL');

export const helpLinksSchema = z
  .object({
    knowledgeBase: helpLinkUrlSchema,
    pythonDocumentation: helpLinkUrlSchema,
    ticketPortal: helpLinkUrlSchema,
    bookFeedbackSession: helpLinkUrlSchema,
    submitTicket: helpLinkUrlSchema,
  })
  .partial()
  .meta({ id: 'HelpLinks' });
export type HelpLinks = z.infer<typeof helpLinksSchema>;

/** GET /api/config: what the browser needs before signing in. */
export const publicConfigSchema = z
  .object({
    issuer: z.string(),
    clientId: z.string(),
    scope: z.string(),
    apiResource: z.string(),
    version: z.string(),
    embeddedIdentityProvider: z.boolean(),
    regionalBanner: z.object({ message: z.string(), url: z.string() }).optional(),
    /** Only the links the operator configured; absent when there are none. */
    helpLinks: helpLinksSchema.optional(),
    /** Where users mail for support (the error page and Submit Ticket without a ticket URL). */
    supportEmail: z.string().optional(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
