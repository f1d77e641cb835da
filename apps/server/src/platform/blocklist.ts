import { badRequest } from './http/errors.js';

/**
 * Terms no text may contain, from PROMPT_BLOCKLIST (comma separated): prompts, and the titles,
 * descriptions, tags, comments, job posts and upload names people write.
 */
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

/** One piece of text a person wrote, named as the refusal names it ("title") and where it came from. */
export interface CheckedText {
  label: string;
  path: string;
  text: string | readonly string[] | null | undefined;
}

/** Refuses, with a 400 naming the field and the term, the first text that contains a blocked term. */
export function rejectBlockedText(blocklist: Blocklist, texts: readonly CheckedText[]): void {
  for (const { label, path, text } of texts) {
    if (text === null || text === undefined) continue;
    const term = blocklist.findBlockedTerm(typeof text === 'string' ? text : text.join(', '));
    if (term) throw badRequest(`Your ${label} contains a blocked term: "${term}"`, [{ path, message: 'blocked term' }]);
  }
}

const built = new Map<string, Blocklist>();
/** The blocklist of a PROMPT_BLOCKLIST setting, built once per distinct setting. */
export function blocklistOf(list: string): Blocklist {
  let found = built.get(list);
  if (!found) built.set(list, (found = createBlocklist(list)));
  return found;
}
