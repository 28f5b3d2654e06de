// Project descriptions on the projects list are cut at 120 characters, with Read more / Read less.

import { PROJECT_DESCRIPTION_TRUNCATE } from '../../domain/constants.ts';

export interface TruncatedText {
  text: string;
  truncated: boolean;
}

/** Cuts text longer than `limit` characters to its first `limit` characters followed by an ellipsis. */
export function truncateDescription(text: string, limit = PROJECT_DESCRIPTION_TRUNCATE): TruncatedText {
  // Count code points, not UTF-16 units, so that an emoji is never split in half.
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}
