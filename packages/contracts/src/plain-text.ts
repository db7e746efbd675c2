import type { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * What text may carry, by where it goes:
 * - `line`: one line of text (names, titles, e-mails, search words, filters): no control character.
 * - `multiline`: like a line, but tabs and line breaks are kept (descriptions).
 * - `secret`: passwords and tokens, which are hashed, never stored: only what no UTF-8 text can
 *   hold is refused, so a password set before this rule still signs in.
 * Every kind refuses U+0000 (PostgreSQL text and jsonb cannot store it) and a lone UTF-16 surrogate
 * (it has no UTF-8 form: jsonb refuses its escape, and a text column would silently store U+FFFD).
 */
export type TextKind = 'line' | 'multiline' | 'secret';

// Cc: the C0 controls, DEL and the C1 controls. Cs with the u flag: a surrogate without its pair.
const LONE_SURROGATE = /\p{Cs}/u;
const FORBIDDEN: Record<TextKind, (s: string) => boolean> = {
  line: (s) => /\p{Cc}/u.test(s),
  multiline: (s) => /(?![\t\n\r])\p{Cc}/u.test(s),
  secret: (s) => s.includes('\u0000'),
};

/** True when `s` holds a character that text of this kind may not carry. */
export function hasForbiddenCharacters(s: string, kind: TextKind = 'line'): boolean {
  return FORBIDDEN[kind](s) || LONE_SURROGATE.test(s);
}

/** The one refinement every text input goes through; the message names the problem for the form. */
export function plainText<T extends z.ZodString>(schema: T, kind: TextKind = 'line'): T {
  return schema.refine((s) => !hasForbiddenCharacters(s, kind), MESSAGES.controlCharacters) as T;
}
