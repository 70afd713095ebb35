// How the public name search compares names (issue 15): the whole name, ignoring case, extra spaces
// and accents, so 'budi  SANTOSO' finds 'Budi Santoso' but 'bud' finds nothing. The server applies
// the same folding in SQL (ACCENTED/PLAIN below), so both sides agree. Zod-free.

export const ACCENTED = "àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźż";
export const PLAIN = "aaaaaaaaacccdeeeeeeeeeiiiiiiinnnoooooooorrsssttuuuuuuuuyyzzz";

/** Lower case, accents folded, runs of spaces as one, trimmed. */
export function foldName(name: string): string {
  let folded = "";
  for (const char of name.toLowerCase()) {
    const at = ACCENTED.indexOf(char);
    folded += at >= 0 ? PLAIN[at] : char;
  }
  return folded.replace(/\s+/g, " ").trim();
}
