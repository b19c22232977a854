import { ApiError } from '../http/api-error';
/**
 * Passwords that appear again and again in breaches, or that are built on the site's own name: the ~49,000 of zxcvbn's common-password list
 * (bundled with the server, loaded at the first check), matched ignoring case, and also once dressed up
 * to pass the character rules ("Password1!", "P@ssw0rd#" are the list's words with digits or symbols
 * added at an end).
 */
let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return common;
}

/** Words of this site a password must not be built on (whatever surrounds them). */
const CONTEXT_WORDS = ['modmarket', 'mod market', 'mod-market'];

export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  const lower = password.normalize('NFKC').toLowerCase();
  if (list.has(lower) || CONTEXT_WORDS.some((word) => lower.includes(word))) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 4 && list.has(core);
}

/** New passwords keep the character rules of the shared schema and must not be a common one. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password))
    throw new ApiError(400, 'VALIDATION_ERROR', {}, { password: 'validation.passwordCommon' });
}
