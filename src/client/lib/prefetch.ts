import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** What a page's data depends on: its path parameters and its address (for the query string). */
export interface PageRequest {
  params: Params;
  url: URL;
}

/**
 * The data a public page shows first, fetched by the server before it renders the page (a page
 * module exports it as `prefetch`). It fills the same queries the page reads, so the browser takes
 * them over with the HTML and asks for nothing again.
 */
export type Prefetch = (queryClient: QueryClient, request: PageRequest) => Promise<void>;
