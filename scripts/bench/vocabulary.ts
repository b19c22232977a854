/**
 * The benchmark's catalogue: what generated listings are made of, and the words the cases search for.
 *
 * Frequencies are fixed by construction (see generate.ts), so each band's words are known:
 * - every listing has one head noun; the 5% heads (COMMON_WORD among them) are each in 1 listing of 20;
 * - MID_WORDS are each in exactly 1 listing of 5,000, RARE_WORDS each in 1 of 100,000;
 * - modifiers follow a Zipf curve between those, and the filler of descriptions is in most listings.
 * No word of one band is a prefix of a word of another, so a prefix search finds only its own band.
 */
import type { Category, Make } from '../../src/common/catalog';
import { PART_BRANDS } from '../../src/common/schemas/listings';

/** A head noun in ~5% of listings: the "common word" case. */
export const COMMON_WORD = 'exhaust';
/** The common word with two letters swapped: the "typo" case. */
export const COMMON_TYPO = 'exhuast';
/** In exactly 1 listing of 100,000 (from the 500th listing on, so even a small run has it). */
export const RARE_WORD = 'inconel';
/** Two words and a make: a frequent modifier, the common head, and a popular make. */
export const TWO_WORDS = { search: 'stainless exhaust', make: 'Nissan' } as const;
/** Category + make. */
export const CATEGORY_MAKE = { category: 'exhaust', make: 'Nissan' } as const satisfies {
  category: Category;
  make: Make;
};

export interface Head {
  word: string;
  category: Category;
  /** Share of listings, in percent; the weights add up to 100. */
  percent: number;
  /** Whether engine codes (2JZ-GTE, SR20DET) appear in its titles. */
  engine?: boolean;
}

/**
 * One head noun per listing. COMMON_WORD is the only head of its category, so a search that also
 * looks at the category still finds it in ~5% of listings.
 */
export const HEADS: Head[] = [
  { word: 'exhaust', category: 'exhaust', percent: 5 },
  { word: 'turbo', category: 'engine', percent: 5, engine: true },
  { word: 'intercooler', category: 'engine', percent: 5, engine: true },
  { word: 'intake', category: 'engine', percent: 5, engine: true },
  { word: 'radiator', category: 'engine', percent: 5 },
  { word: 'coilovers', category: 'suspension', percent: 5 },
  { word: 'springs', category: 'suspension', percent: 5 },
  { word: 'calipers', category: 'brakes', percent: 5 },
  { word: 'rotors', category: 'brakes', percent: 5 },
  { word: 'wheels', category: 'wheels', percent: 5 },
  { word: 'tires', category: 'wheels', percent: 5 },
  { word: 'clutch', category: 'transmission', percent: 5, engine: true },
  { word: 'seats', category: 'interior', percent: 5 },
  { word: 'headlights', category: 'exterior', percent: 5 },
  { word: 'shocks', category: 'suspension', percent: 5 },
  { word: 'bumper', category: 'exterior', percent: 5 },
  { word: 'injectors', category: 'engine', percent: 3, engine: true },
  { word: 'flywheel', category: 'transmission', percent: 3 },
  { word: 'spoiler', category: 'exterior', percent: 3 },
  { word: 'steering', category: 'interior', percent: 2 },
  { word: 'ecu', category: 'electronics', percent: 3, engine: true },
  { word: 'gauges', category: 'electronics', percent: 2 },
  { word: 'mats', category: 'accessories', percent: 2 },
  { word: 'toolkit', category: 'other', percent: 2 },
];

/** Words before the head, most frequent first (Zipf: the k-th is chosen 1/k as often as the first). */
export const MODIFIERS = [
  'stainless',
  'adjustable',
  'carbon',
  'performance',
  'titanium',
  'forged',
  'aluminum',
  'lightweight',
  'genuine',
  'racing',
  'polished',
  'ceramic',
  'braided',
  'billet',
  'ported',
  'vented',
  'slotted',
  'drilled',
  'catless',
  'resonated',
  'straight',
  'quick',
  'heavy',
  'uprated',
  'bolt',
  'ducted',
  'staggered',
  'widened',
  'reinforced',
  'blacked',
  'smoked',
  'projector',
  'bucket',
  'suede',
  'alcantara',
  'twin',
  'single',
  'dual',
  'front',
  'rear',
  'upper',
  'lower',
  'complete',
  'rebuilt',
  'refurbished',
  'coated',
  'wrapped',
  'insulated',
  'sealed',
  'greased',
];

/** Each in exactly 1 listing of 5,000. */
export const MID_WORDS = [
  'wastegate',
  'camshafts',
  'pistons',
  'valvetrain',
  'differential',
  'driveshaft',
  'bushings',
  'tierods',
  'hubcentric',
  'lugnuts',
  'harness',
  'pedals',
  'shifter',
  'gaskets',
  'manifold',
  'plenum',
  'throttlebody',
  'flexpipe',
  'oilcooler',
  'catchcan',
  'breather',
  'pulley',
  'tensioner',
  'alternator',
  'starter',
  'solenoid',
  'sensor',
  'bracket',
  'grommet',
  'mounts',
  'subframe',
  'crossmember',
  'knuckles',
  'endlinks',
  'camber',
  'toe',
  'splitter',
  'diffuser',
  'canards',
  'fenders',
];
/** In exactly 1 listing of 5,000 (not searched by a case; kept for hand runs). */
export const MID_WORD = MID_WORDS[0]!;

/** Each in exactly 1 listing of 100,000. */
export const RARE_WORDS = [
  RARE_WORD,
  'dogbox',
  'heim',
  'knurled',
  'hydrographic',
  'unobtainium',
  'homologation',
  'magnesium',
  'sequential',
  'cryotreated',
  'bellhousing',
  'synchros',
  'pinion',
  'stator',
  'rotary',
  'lightened',
  'tubular',
  'wishbone',
  'zerk',
  'zincplated',
];

/** Where the nth rare word falls: listing number RARE_FIRST + RARE_STEP × n in every 100,000. */
export const RARE_FIRST = 500;
export const RARE_STEP = 4_999;

/** Part brands: the form's list (its "Other" stands for these). */
export const BRANDS = PART_BRANDS.filter((brand) => brand !== 'Other');
export const OTHER_BRANDS = [
  'Nismo',
  'TRD',
  'Cusco',
  'Spoon',
  'Mugen',
  'Skunk2',
  'Fujitsubo',
  'GReddy',
  'Apexi',
  'Blitz',
  'Defi',
  'Volk',
];

export interface Fitment {
  model: string;
  chassis: string[];
  engines: string[];
  years: [number, number] | null;
  /** Relative popularity among all fitments. */
  weight: number;
}

/** Models of each make in the catalogue, with chassis and engine codes as sellers write them. */
export const FITMENTS = {
  Acura: [
    { model: 'NSX', chassis: ['NA1', 'NA2'], engines: ['C30A'], years: [1991, 2005], weight: 2 },
    { model: 'Integra', chassis: ['DC2'], engines: ['B18C5'], years: [1994, 2001], weight: 3 },
    { model: 'RSX', chassis: ['DC5'], engines: ['K20A2'], years: [2002, 2006], weight: 2 },
  ],
  'Alfa Romeo': [
    { model: 'Giulia', chassis: ['952'], engines: ['690T'], years: [2017, 2023], weight: 1 },
    { model: '4C', chassis: ['960'], engines: ['1750TBi'], years: [2014, 2020], weight: 1 },
  ],
  'Aston Martin': [{ model: 'Vantage', chassis: ['AM6'], engines: ['AJ37'], years: [2006, 2017], weight: 1 }],
  Audi: [
    { model: 'S4', chassis: ['B5', 'B8'], engines: ['APB', 'CAKA'], years: [1998, 2016], weight: 3 },
    { model: 'RS3', chassis: ['8V'], engines: ['DAZA'], years: [2017, 2020], weight: 2 },
    { model: 'TT RS', chassis: ['8J'], engines: ['CEPA'], years: [2011, 2013], weight: 1 },
  ],
  Bentley: [{ model: 'Continental GT', chassis: ['3W'], engines: ['W12'], years: [2004, 2011], weight: 1 }],
  BMW: [
    { model: 'M3', chassis: ['E46', 'E92'], engines: ['S54', 'S65'], years: [2001, 2013], weight: 6 },
    { model: '3 Series', chassis: ['E30', 'E36'], engines: ['M50', 'S14'], years: [1984, 1999], weight: 4 },
    { model: 'M2', chassis: ['F87'], engines: ['N55', 'S55'], years: [2016, 2021], weight: 3 },
  ],
  Chevrolet: [
    { model: 'Camaro', chassis: ['SS', 'ZL1'], engines: ['LS3', 'LT4'], years: [2010, 2023], weight: 5 },
    { model: 'Corvette', chassis: ['C5', 'C6'], engines: ['LS1', 'LS7'], years: [1997, 2013], weight: 5 },
  ],
  Dodge: [
    { model: 'Challenger', chassis: ['LC'], engines: ['HEMI'], years: [2008, 2023], weight: 4 },
    { model: 'Viper', chassis: ['ZB'], engines: ['V10'], years: [2008, 2017], weight: 1 },
  ],
  Ferrari: [{ model: '458 Italia', chassis: ['F142'], engines: ['F136'], years: [2010, 2015], weight: 1 }],
  Ford: [
    { model: 'Mustang', chassis: ['S550', 'Fox'], engines: ['Coyote'], years: [1987, 2023], weight: 8 },
    { model: 'Focus RS', chassis: ['MK3'], engines: ['EcoBoost'], years: [2016, 2018], weight: 2 },
  ],
  Honda: [
    {
      model: 'Civic',
      chassis: ['EK9', 'EG6', 'FK8'],
      engines: ['B16B', 'K20C1'],
      years: [1992, 2021],
      weight: 9,
    },
    { model: 'S2000', chassis: ['AP1', 'AP2'], engines: ['F20C', 'F22C1'], years: [2000, 2009], weight: 4 },
  ],
  Infiniti: [{ model: 'G35', chassis: ['V35'], engines: ['VQ35DE'], years: [2003, 2007], weight: 2 }],
  Lamborghini: [{ model: 'Huracan', chassis: ['LB724'], engines: ['V10'], years: [2014, 2023], weight: 1 }],
  Lexus: [
    { model: 'IS300', chassis: ['XE10'], engines: ['2JZ-GE'], years: [2001, 2005], weight: 3 },
    { model: 'RC F', chassis: ['USC10'], engines: ['2UR-GSE'], years: [2015, 2023], weight: 1 },
  ],
  Mazda: [
    { model: 'RX-7', chassis: ['FC3S', 'FD3S'], engines: ['13B-REW'], years: [1986, 2002], weight: 5 },
    {
      model: 'Miata',
      chassis: ['NA', 'NB', 'ND'],
      engines: ['BP-4W', 'PE-VPS'],
      years: [1990, 2023],
      weight: 6,
    },
  ],
  McLaren: [{ model: '570S', chassis: ['P13'], engines: ['M838TE'], years: [2015, 2021], weight: 1 }],
  'Mercedes-Benz': [
    {
      model: 'C63 AMG',
      chassis: ['W204', 'W205'],
      engines: ['M156', 'M177'],
      years: [2008, 2021],
      weight: 2,
    },
  ],
  Mini: [
    { model: 'Cooper S', chassis: ['R53', 'R56'], engines: ['W11', 'N14'], years: [2002, 2013], weight: 2 },
  ],
  Mitsubishi: [
    {
      model: 'Lancer Evolution',
      chassis: ['CT9A', 'CZ4A'],
      engines: ['4G63T', '4B11T'],
      years: [2001, 2015],
      weight: 5,
    },
    { model: '3000GT', chassis: ['Z16A'], engines: ['6G72'], years: [1991, 1999], weight: 1 },
  ],
  Nissan: [
    {
      model: 'Skyline GT-R',
      chassis: ['R32', 'R33', 'R34'],
      engines: ['RB26DETT'],
      years: [1989, 2002],
      weight: 8,
    },
    { model: 'Silvia', chassis: ['S13', 'S14', 'S15'], engines: ['SR20DET'], years: [1989, 2002], weight: 7 },
    { model: '240SX', chassis: ['S13', 'S14'], engines: ['KA24DE'], years: [1989, 1998], weight: 5 },
    { model: '350Z', chassis: ['Z33'], engines: ['VQ35DE'], years: [2003, 2008], weight: 4 },
    { model: 'GT-R', chassis: ['R35'], engines: ['VR38DETT'], years: [2009, 2023], weight: 3 },
  ],
  Plymouth: [
    { model: 'Barracuda', chassis: ['E-body'], engines: ['426 Hemi'], years: [1970, 1974], weight: 1 },
  ],
  Pontiac: [
    { model: 'Firebird', chassis: ['Trans Am', 'WS6'], engines: ['LS1'], years: [1998, 2002], weight: 2 },
    { model: 'GTO', chassis: ['VZ'], engines: ['LS2'], years: [2004, 2006], weight: 1 },
  ],
  Porsche: [
    { model: '911', chassis: ['996', '997'], engines: ['M96', 'MA1'], years: [1999, 2012], weight: 4 },
    { model: 'Cayman', chassis: ['987'], engines: ['M97'], years: [2006, 2012], weight: 2 },
  ],
  Subaru: [
    {
      model: 'Impreza WRX STI',
      chassis: ['GC8', 'GDB'],
      engines: ['EJ207', 'EJ257'],
      years: [1994, 2007],
      weight: 6,
    },
    { model: 'BRZ', chassis: ['ZC6'], engines: ['FA20'], years: [2013, 2020], weight: 3 },
  ],
  Toyota: [
    {
      model: 'Supra',
      chassis: ['JZA80', 'A90'],
      engines: ['2JZ-GTE', 'B58'],
      years: [1993, 2023],
      weight: 8,
    },
    { model: 'Corolla', chassis: ['AE86'], engines: ['4A-GE'], years: [1984, 1987], weight: 4 },
    { model: 'MR2', chassis: ['SW20'], engines: ['3S-GTE'], years: [1991, 1999], weight: 2 },
    { model: 'GR86', chassis: ['ZN8'], engines: ['FA24'], years: [2022, 2024], weight: 2 },
  ],
  Volkswagen: [
    {
      model: 'Golf GTI',
      chassis: ['MK5', 'MK7'],
      engines: ['EA113', 'EA888'],
      years: [2006, 2021],
      weight: 5,
    },
    { model: 'Golf R', chassis: ['MK7'], engines: ['EA888'], years: [2015, 2019], weight: 2 },
  ],
  Other: [{ model: 'Universal', chassis: [], engines: [], years: null, weight: 10 }],
} satisfies Record<Make, Fitment[]>;

/** The signed-in member of the fits-my-vehicle case and their vehicles (each within a fitment's years). */
/** The member's preferred makes and categories, as onboarding stores them. */
export const MEMBER_PREFERENCES = {
  makes: ['Nissan', 'Toyota', 'Honda', 'BMW'],
  categories: ['wheels', 'exhaust', 'suspension', 'brakes'],
};

export const MEMBER_VEHICLES = [
  { make: 'Nissan', model: 'Silvia', year: 2000 },
  { make: 'Toyota', model: 'Supra', year: 1997 },
  { make: 'Honda', model: 'Civic', year: 1999 },
] as const;

/** Sentences of descriptions (the long, frequent end of the vocabulary). */
export const OPENERS = [
  'Selling my',
  'Up for sale is a',
  'Pulled this',
  'For sale:',
  'Clean, well kept',
  'Barely used',
];
export const CONDITION_SENTENCES = [
  'Brand new in box, never installed.',
  'Used for one season, works perfectly.',
  'Minor scuffs from install, fully working.',
  'Some wear as shown in the photos, no cracks or leaks.',
  'Removed when I went back to stock.',
  'Needs a clean but otherwise in good shape.',
];
export const EXTRA_SENTENCES = [
  'Bolt-on fitment, no cutting required.',
  'Includes all hardware shown.',
  'Comes with the original box and instructions.',
  'Selling because the car was sold.',
  'Happy to send more photos on request.',
  'Check fitment before you buy.',
  'Receipt available.',
];
export const CLOSERS = [
  'Local pickup or shipping at buyer cost.',
  'Ships within two days.',
  'Price is firm.',
  'Open to reasonable offers.',
  'No trades please.',
];
/** Where listings are: a downtown ZIP code of each of fifteen US cities (location and position come from it). */
export const LOCATION_ZIPS = [
  '90012', // Los Angeles
  '77002', // Houston
  '85004', // Phoenix
  '98101', // Seattle
  '80202', // Denver
  '30303', // Atlanta
  '60601', // Chicago
  '33130', // Miami
  '97201', // Portland
  '75201', // Dallas
  '95113', // San Jose
  '28202', // Charlotte
  '48226', // Detroit
  '10001', // New York
  '02108', // Boston
];
export const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Chris',
  'Kenji',
  'Maria',
  'Lena',
  'Omar',
  'Priya',
];
export const LAST_NAMES = [
  'Nguyen',
  'Smith',
  'Garcia',
  'Tanaka',
  'Muller',
  'Rossi',
  'Kim',
  'Silva',
  'Brown',
  'Khan',
];
