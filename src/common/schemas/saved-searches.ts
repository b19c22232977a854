import { z } from 'zod';
import { BrowseQuerySchema } from './browse';

export const SAVED_SEARCH_LIMIT = 25;

/** The filters a saved search keeps: everything of a browse but paging. */
export const SavedQuerySchema = BrowseQuerySchema.omit({ cursor: true, limit: true });
export type SavedQuery = Partial<z.output<typeof SavedQuerySchema>>;

export const SaveSearchSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
    query: SavedQuerySchema,
    alerts: z.boolean().default(true),
  })
  .meta({ id: 'SaveSearch' });

export const UpdateSavedSearchSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong').optional(),
    alerts: z.boolean().optional(),
  })
  .meta({ id: 'UpdateSavedSearch' });

export const SavedSearchSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** As strings, ready for the browse URL. */
    query: z.record(z.string(), z.string()),
    filterCount: z.number(),
    alerts: z.boolean(),
    createdAt: z.string(),
    /** Exact up to 1,000; `more` when there are more. */
    results: z.object({ value: z.number(), more: z.boolean() }),
    /** Listed since the search was last opened (up to 99). */
    newResults: z.number(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
