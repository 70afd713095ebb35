// LIKE patterns that match the user's text literally: %, _ and \ are escaped (PostgreSQL's default
// escape character is the backslash). The one escaping used by searches and the REST filters.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `text` anywhere in the value. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
