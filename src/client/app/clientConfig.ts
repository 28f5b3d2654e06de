// Optional parts of the runtime configuration: where the Help menu points and whom to mail for support.
// Read leniently from the raw answer so that a server without them (or with a bad one) still works.
import { z } from 'zod';
import { HELP_LINK_KEYS, HELP_LINK_LABELS, helpLinkUrlSchema, type HelpLinkKey } from '../../domain/api.ts';

/** One bad link leaves the others usable. */
const lenientLink = helpLinkUrlSchema.optional().catch(undefined);

const optionalConfigSchema = z.object({
  supportEmail: z.string().optional().catch(undefined),
  helpLinks: z
    .object({
      knowledgeBase: lenientLink,
      pythonDocumentation: lenientLink,
      ticketPortal: lenientLink,
      bookFeedbackSession: lenientLink,
      submitTicket: lenientLink,
    } satisfies Record<HelpLinkKey, typeof lenientLink>)
    .optional()
    .catch(undefined),
});

export interface HelpLink {
  key: HelpLinkKey;
  label: string;
  href: string;
}

/** The API reference this server publishes; always there, so Python Documentation has a target. */
export const API_REFERENCE_PATH = '/api/docs';

export function supportEmail(raw: unknown): string | null {
  return optionalConfigSchema.safeParse(raw).data?.supportEmail ?? null;
}

/**
 * The Help menu entries in the spec's order, with the URL the operator configured. Python Documentation
 * falls back to the API reference and Submit Ticket to a mail to support; entries with no target are left
 * out rather than shown dead.
 */
export function helpLinks(raw: unknown): { main: HelpLink[]; submitTicket: HelpLink | null } {
  const configured: Partial<Record<HelpLinkKey, string | undefined>> = optionalConfigSchema.safeParse(raw).data?.helpLinks ?? {};
  const email = supportEmail(raw);
  const href = (key: HelpLinkKey): string | undefined => {
    if (configured[key]) return configured[key];
    if (key === 'pythonDocumentation') return API_REFERENCE_PATH;
    if (key === 'submitTicket' && email) return `mailto:${email}?subject=${encodeURIComponent('Surge support ticket')}`;
    return undefined;
  };
  const link = (key: HelpLinkKey): HelpLink | null => {
    const target = href(key);
    return target ? { key, label: HELP_LINK_LABELS[key], href: target } : null;
  };
  const main = HELP_LINK_KEYS.filter((key) => key !== 'submitTicket').flatMap((key) => link(key) ?? []);
  return { main, submitTicket: link('submitTicket') };
}
