import type { Plan } from './catalog';
import { firstCharacter } from './text';

/**
 * How a listing's fitment years and a seller's public name read, for the server and the client alike;
 * kept apart from the schemas so that a page showing listing cards does not load the schema library.
 */

/** The year rule of the fitment card: `start-end`, `start+`, or nothing. */
export function yearRange(start: number | null, end: number | null): string | null {
  if (start && end) return `${start}-${end}`;
  if (start) return `${start}+`;
  return null;
}

/** The public seller name: first name and last initial, or null (shown as "Anonymous"). */
export function publicName(first: string | null, last: string | null): string | null {
  const given = first?.trim();
  if (!given) return null;
  const initial = firstCharacter(last?.trim() ?? '');
  return initial ? `${given} ${initial.toUpperCase()}.` : given;
}

/** The text of a `common` namespace key in the reader's language (i18next's `t` bound to it). */
export type CommonText = (key: string) => string;

/**
 * How catalogue values read in every language, on pages, in emails and in notifications alike (labels
 * under `catalog.*` in the `common` locale). Brand names stay as they are; the catalogue's own words
 * ("Other", "Universal", categories, conditions) and the plans' names are translated.
 */
export const catalogLabels = {
  category: (category: string, text: CommonText): string => text(`catalog.categories.${category}`),
  condition: (condition: string, text: CommonText): string => text(`catalog.conditions.${condition}`),
  /** A make is a brand, except the catalogue's "Other". */
  make: (make: string, text: CommonText): string => (make === 'Other' ? text('catalog.otherMake') : make),
  /** A model is what the seller typed; "Universal" (fits any car) is the catalogue's word for no model. */
  model: (model: string, text: CommonText): string =>
    model.trim().toLowerCase() === 'universal' ? text('catalog.universal') : model,
  /** A plan's one name in each language (docs/decisions.md, "One name per plan"): never its id. */
  plan: (plan: Plan, text: CommonText): string => text(`catalog.plans.${plan}`),
};
