/**
 * The marketplace's fixed lists: one list of categories and one of makes for browse, create and
 * onboarding, so every screen offers the same choices. Labels are translated under `catalog.*` in the locales.
 */
export const CATEGORIES = [
  'wheels',
  'exhaust',
  'suspension',
  'brakes',
  'engine',
  'transmission',
  'interior',
  'exterior',
  'electronics',
  'accessories',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CONDITIONS = ['new', 'like_new', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Makes across Euro, JDM and Muscle, then Other. Names are brands, shown as they are in every language. */
export const MAKES = [
  'Acura',
  'Alfa Romeo',
  'Aston Martin',
  'Audi',
  'Bentley',
  'BMW',
  'Chevrolet',
  'Dodge',
  'Ferrari',
  'Ford',
  'Honda',
  'Infiniti',
  'Lamborghini',
  'Lexus',
  'Mazda',
  'McLaren',
  'Mercedes-Benz',
  'Mini',
  'Mitsubishi',
  'Nissan',
  'Plymouth',
  'Pontiac',
  'Porsche',
  'Subaru',
  'Toyota',
  'Volkswagen',
  'Other',
] as const;
export type Make = (typeof MAKES)[number];

export const PLANS = ['bronze', 'gold', 'platinum'] as const;
export type Plan = (typeof PLANS)[number];

export const AI_LEVELS = ['none', 'basic', 'advanced'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

/** Monthly price in USD cents, and the limits enforced for each plan. */
export const PLAN_DETAILS: Record<
  Plan,
  {
    priceCents: number;
    activeListings: number | null;
    newConversationsPerMonth: number | null;
    /** "I have this" answers to wanted posts a seller may send each calendar month (0: browse only). */
    wantedAnswersPerMonth: number | null;
    /** AI listing help: none, the offline writer (basic), or the AI endpoint and a price range (advanced). */
    aiLevel: AiLevel;
    verifiedBadge: boolean;
    /** Contact messages are marked priority in the support mailbox and in the stored record. */
    prioritySupport: boolean;
    /** Boosts a member may start each calendar month (a boost lasts BOOST_DAYS). */
    boostsPerMonth: number;
    /**
     * Listings with more than PLACEMENT_PHOTOS photos rank above the rest in Best match. The database's
     * `listing_rank` (migration 0024) names the same plans; a test holds the two together.
     */
    priorityPlacement: boolean;
    /** Seller analytics on the dashboard: none, basic (per listing, a chart of views) or advanced. */
    analytics: 'none' | 'basic' | 'advanced';
  }
> = {
  bronze: {
    priceCents: 0,
    activeListings: 3,
    newConversationsPerMonth: 10,
    wantedAnswersPerMonth: 0,
    aiLevel: 'none',
    verifiedBadge: false,
    prioritySupport: false,
    boostsPerMonth: 0,
    priorityPlacement: false,
    analytics: 'none',
  },
  gold: {
    priceCents: 1999,
    activeListings: 10,
    newConversationsPerMonth: null,
    wantedAnswersPerMonth: 5,
    aiLevel: 'basic',
    verifiedBadge: true,
    prioritySupport: true,
    boostsPerMonth: 2,
    priorityPlacement: true,
    analytics: 'basic',
  },
  platinum: {
    priceCents: 2999,
    activeListings: null,
    newConversationsPerMonth: null,
    wantedAnswersPerMonth: null,
    aiLevel: 'advanced',
    verifiedBadge: true,
    prioritySupport: true,
    boostsPerMonth: 5,
    priorityPlacement: true,
    analytics: 'advanced',
  },
};

/** How long a boost keeps a listing "Boosted" and first in Best match. */
export const BOOST_DAYS = 7;
/** Priority placement counts listings with more photos than this. */
export const PLACEMENT_PHOTOS = 5;

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
