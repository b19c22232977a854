import type { Category } from '@common/catalog';

/** A wanted post of the demo catalogue, by one of its sellers (members both sell and hunt parts). */
export interface DemoWanted {
  member: string;
  title: string;
  description: string;
  category: Category;
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  partNumbers: string[];
  maxPriceCents: number | null;
  zip: string | null;
  shipsToMe: boolean;
  daysAgo: number;
}

/**
 * What the demo's members are hunting: `/parts-wanted` is not empty on `npm start`, and some posts match
 * demo listings (by part number, or by fitment and words) so a post's page shows its matches.
 */
export const DEMO_WANTED: DemoWanted[] = [
  {
    member: 'priya',
    title: 'Coilovers',
    description: 'Street setup for a daily-driven S13. Adjustable damping please; no rusted collars.',
    category: 'suspension',
    make: 'Nissan',
    model: '240SX',
    yearStart: 1989,
    yearEnd: 1994,
    partNumbers: [],
    maxPriceCents: 120_000,
    zip: null,
    shipsToMe: true,
    daysAgo: 1,
  },
  {
    member: 'tyler',
    title: 'HKS cat-back for an R33',
    description: 'Hunting the Hi-Power for my GTS-T. Can pick up around the Bay Area, or pay for shipping.',
    category: 'exhaust',
    make: 'Nissan',
    model: 'Skyline',
    yearStart: 1993,
    yearEnd: 1998,
    partNumbers: ['31006-AN013'],
    maxPriceCents: null,
    // Near the San Jose shop that lists it: its page shows the match (demo listings offer pickup only).
    zip: '95050',
    shipsToMe: true,
    daysAgo: 3,
  },
  {
    member: 'marisol',
    title: 'OEM headlight, driver side',
    description: 'Left headlight for a 2002 Civic Si hatch, clear lens, tabs intact.',
    category: 'exterior',
    make: 'Honda',
    model: 'Civic',
    yearStart: 2002,
    yearEnd: 2005,
    partNumbers: ['33151-S5T-A01'],
    maxPriceCents: 15_000,
    zip: '90012',
    shipsToMe: true,
    daysAgo: 5,
  },
  {
    member: 'derek',
    title: 'Evo X front brake rotors',
    description: 'Two-piece rotors or a full big brake kit. Local pickup around Denver is best.',
    category: 'brakes',
    make: 'Mitsubishi',
    model: 'Lancer Evolution',
    yearStart: 2008,
    yearEnd: 2015,
    partNumbers: [],
    maxPriceCents: 300_000,
    zip: '80202',
    shipsToMe: true,
    daysAgo: 8,
  },
];
