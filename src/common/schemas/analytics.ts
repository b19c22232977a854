import { z } from 'zod';
import { cents } from './money';

/** One day of a seller's listings, added up (views, search impressions, new favourites, conversations). */
export const AnalyticsDaySchema = z.object({
  day: z.string(),
  views: z.number().int(),
  impressions: z.number().int(),
  favourites: z.number().int(),
  conversations: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

export const AnalyticsListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  priceCents: cents(),
  isSold: z.boolean(),
  views: z.number().int(),
  favourites: z.number().int(),
  conversations: z.number().int(),
  /** Advanced: how often it appeared on a results page. */
  impressions: z.number().int().optional(),
  /** Advanced: conversations per view (null without views). */
  conversion: z.number().nullable().optional(),
  /** Advanced: the median price of similar active listings (same make and category); null with none. */
  medianPriceCents: cents().nullable().optional(),
  /** Advanced: views by day over the period (same days as `daily`). */
  dailyViews: z.array(z.number().int()).optional(),
});
export type AnalyticsListing = z.infer<typeof AnalyticsListingSchema>;

export const MarketInsightSchema = z.object({
  make: z.string(),
  category: z.string(),
  /** Of up to MARKET_SAMPLE current listings of the pair. */
  medianPriceCents: cents().nullable(),
  /** Active listings of the pair, counted up to 1,000 (`more` beyond). */
  activeListings: z.object({ value: z.number().int(), more: z.boolean() }),
  /** Saved searches watching the make. */
  savedSearches: z.number().int(),
});
export type MarketInsight = z.infer<typeof MarketInsightSchema>;

/**
 * A seller's analytics over the last `days` days: nothing for a plan without them (`level: 'none'`),
 * per listing and a chart of views for basic, and more for advanced.
 */
export const AnalyticsSchema = z
  .object({
    level: z.enum(['none', 'basic', 'advanced']),
    days: z.number().int(),
    daily: z.array(AnalyticsDaySchema),
    listings: z.array(AnalyticsListingSchema),
    market: z.array(MarketInsightSchema),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof AnalyticsSchema>;
