import type { DehydratedState } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import { PAGE_STATE_ID } from '@common/rendering';
import type { Language } from '@common/i18n/languages';

/** What a server-rendered page carries for the browser to take it over without fetching anything again. */
export interface PageState {
  language: Language;
  /** `PUBLIC_URL`, for canonical links. */
  origin: string;
  /** The translations the page was rendered with (its language, its namespaces). */
  resources: Resource;
  /** The queries the page was rendered with. */
  queries: DehydratedState;
}

/** The state of the page the server rendered, or undefined (the development server renders nothing). */
export function readPageState(): PageState | undefined {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as PageState;
}
