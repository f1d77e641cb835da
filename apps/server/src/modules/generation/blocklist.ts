/** Terms a prompt may not contain, from PROMPT_BLOCKLIST (comma separated). */
export interface Blocklist {
  /** The first listed term the text contains as a whole word or phrase, in any case; else null. */
  findBlockedTerm(text: string): string | null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createBlocklist(list: string): Blocklist {
  const terms = list
    .split(',')
    .map((t) => t.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .map((term) => ({
      term,
      // Whole words only, so "grape" is not caught by "rape"; spacing inside a phrase may vary.
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])${term.split(' ').map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu'),
    }));
  return {
    findBlockedTerm(text) {
      const normalized = text.normalize('NFKC');
      return terms.find(({ pattern }) => pattern.test(normalized))?.term ?? null;
    },
  };
}
