/**
 * Where the next page of a paged list starts: the answer's `nextCursor` (`@common/schemas/paging`),
 * none on the last page. Every infinite query's `getNextPageParam`; its `queryFn` sends the page
 * param back as `cursor`, and the list ends with `LoadMore`.
 */
export const nextPage = (last: { nextCursor: string | null }): string | undefined =>
  last.nextCursor ?? undefined;
