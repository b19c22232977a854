/**
 * Part numbers, as this trade writes them (OEM numbers such as 23710-JF00A): one number whatever its
 * spaces, dashes, dots or case. The database keeps the same key beside each listing's number
 * (`listings.part_number_key`, a generated column written with the same rule).
 */

/** Characters a part number is written with that do not change which number it is. */
const SEPARATORS = /[\s.-]/g;
/**
 * A key that can be a part number: 4 to 40 letters and digits, at least three of them digits (words
 * with a number among them, "intake manifold 2", are not one).
 */
const KEY = /^(?=(?:[A-Z]*\d){3})[A-Z0-9]{4,40}$/;

/** The number as numbers are compared ("23710-jf00a" → "23710JF00A"), or null when the text cannot be one. */
export function partNumberKey(text: string): string | null {
  const key = text.replace(SEPARATORS, '').toUpperCase();
  return KEY.test(key) ? key : null;
}
