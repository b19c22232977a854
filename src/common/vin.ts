import type { Make } from './catalog';

/**
 * Vehicle identification, offline: 17-character VINs (ISO 3779, with the North American check digit)
 * and the chassis frame numbers of Japanese-market cars (e.g. JZA80-1234567), which carry no VIN.
 */

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** Position 10: the model year, in a 30-year cycle (no I, O, Q, U, Z or 0). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** World manufacturer identifiers (first three characters, or the first two) of the makes we list. */
const WMI: Record<string, { manufacturer: string; make: Make }> = {
  JT: { manufacturer: 'Toyota', make: 'Toyota' },
  JTH: { manufacturer: 'Lexus', make: 'Lexus' },
  JTJ: { manufacturer: 'Lexus', make: 'Lexus' },
  '2T': { manufacturer: 'Toyota Canada', make: 'Toyota' },
  '4T': { manufacturer: 'Toyota USA', make: 'Toyota' },
  '5T': { manufacturer: 'Toyota USA', make: 'Toyota' },
  '58A': { manufacturer: 'Lexus USA', make: 'Lexus' },
  JN: { manufacturer: 'Nissan', make: 'Nissan' },
  JNK: { manufacturer: 'Infiniti', make: 'Infiniti' },
  JNR: { manufacturer: 'Infiniti', make: 'Infiniti' },
  '1N': { manufacturer: 'Nissan USA', make: 'Nissan' },
  '5N1': { manufacturer: 'Nissan USA', make: 'Nissan' },
  '3N1': { manufacturer: 'Nissan Mexico', make: 'Nissan' },
  JH4: { manufacturer: 'Acura', make: 'Acura' },
  '19U': { manufacturer: 'Acura USA', make: 'Acura' },
  JHM: { manufacturer: 'Honda', make: 'Honda' },
  JHL: { manufacturer: 'Honda', make: 'Honda' },
  '1HG': { manufacturer: 'Honda USA', make: 'Honda' },
  '19X': { manufacturer: 'Honda USA', make: 'Honda' },
  '2HG': { manufacturer: 'Honda Canada', make: 'Honda' },
  '5FN': { manufacturer: 'Honda USA', make: 'Honda' },
  JM1: { manufacturer: 'Mazda', make: 'Mazda' },
  JM3: { manufacturer: 'Mazda', make: 'Mazda' },
  JF1: { manufacturer: 'Subaru', make: 'Subaru' },
  JF2: { manufacturer: 'Subaru', make: 'Subaru' },
  '4S3': { manufacturer: 'Subaru USA', make: 'Subaru' },
  '4S4': { manufacturer: 'Subaru USA', make: 'Subaru' },
  JA: { manufacturer: 'Mitsubishi', make: 'Mitsubishi' },
  '1F': { manufacturer: 'Ford', make: 'Ford' },
  '2F': { manufacturer: 'Ford Canada', make: 'Ford' },
  '3F': { manufacturer: 'Ford Mexico', make: 'Ford' },
  '1G1': { manufacturer: 'Chevrolet', make: 'Chevrolet' },
  '1GC': { manufacturer: 'Chevrolet Truck', make: 'Chevrolet' },
  '2G1': { manufacturer: 'Chevrolet Canada', make: 'Chevrolet' },
  '1G2': { manufacturer: 'Pontiac', make: 'Pontiac' },
  '2G2': { manufacturer: 'Pontiac Canada', make: 'Pontiac' },
  '1B3': { manufacturer: 'Dodge', make: 'Dodge' },
  '2B3': { manufacturer: 'Dodge Canada', make: 'Dodge' },
  '2C3': { manufacturer: 'Chrysler Canada (Dodge)', make: 'Dodge' },
  '1C3': { manufacturer: 'Chrysler (Dodge)', make: 'Dodge' },
  '3C3': { manufacturer: 'Chrysler Mexico (Dodge)', make: 'Dodge' },
  '1P3': { manufacturer: 'Plymouth', make: 'Plymouth' },
  WBA: { manufacturer: 'BMW', make: 'BMW' },
  WBS: { manufacturer: 'BMW M', make: 'BMW' },
  WBY: { manufacturer: 'BMW i', make: 'BMW' },
  '4US': { manufacturer: 'BMW USA', make: 'BMW' },
  '5UX': { manufacturer: 'BMW USA', make: 'BMW' },
  WMW: { manufacturer: 'Mini', make: 'Mini' },
  WDB: { manufacturer: 'Mercedes-Benz', make: 'Mercedes-Benz' },
  WDD: { manufacturer: 'Mercedes-Benz', make: 'Mercedes-Benz' },
  W1K: { manufacturer: 'Mercedes-Benz', make: 'Mercedes-Benz' },
  WVW: { manufacturer: 'Volkswagen', make: 'Volkswagen' },
  WV2: { manufacturer: 'Volkswagen', make: 'Volkswagen' },
  '3VW': { manufacturer: 'Volkswagen Mexico', make: 'Volkswagen' },
  WAU: { manufacturer: 'Audi', make: 'Audi' },
  WUA: { manufacturer: 'Audi Sport', make: 'Audi' },
  WP0: { manufacturer: 'Porsche', make: 'Porsche' },
  WP1: { manufacturer: 'Porsche SUV', make: 'Porsche' },
  ZFF: { manufacturer: 'Ferrari', make: 'Ferrari' },
  ZHW: { manufacturer: 'Lamborghini', make: 'Lamborghini' },
  ZAR: { manufacturer: 'Alfa Romeo', make: 'Alfa Romeo' },
  SCF: { manufacturer: 'Aston Martin', make: 'Aston Martin' },
  SCB: { manufacturer: 'Bentley', make: 'Bentley' },
  SBM: { manufacturer: 'McLaren', make: 'McLaren' },
};

/** Well-known Japanese chassis codes, for a frame number's make and model. */
const CHASSIS_CODES: Record<string, { make: Make; model: string; years: [number, number] }> = {
  JZA80: { make: 'Toyota', model: 'Supra', years: [1993, 2002] },
  JZA70: { make: 'Toyota', model: 'Supra', years: [1986, 1993] },
  AE86: { make: 'Toyota', model: 'Corolla', years: [1983, 1987] },
  JZX100: { make: 'Toyota', model: 'Chaser', years: [1996, 2001] },
  SW20: { make: 'Toyota', model: 'MR2', years: [1989, 1999] },
  BNR32: { make: 'Nissan', model: 'Skyline', years: [1989, 1994] },
  BCNR33: { make: 'Nissan', model: 'Skyline', years: [1995, 1998] },
  BNR34: { make: 'Nissan', model: 'Skyline', years: [1999, 2002] },
  ER34: { make: 'Nissan', model: 'Skyline', years: [1998, 2001] },
  S13: { make: 'Nissan', model: 'Silvia', years: [1988, 1994] },
  PS13: { make: 'Nissan', model: 'Silvia', years: [1991, 1994] },
  S14: { make: 'Nissan', model: 'Silvia', years: [1993, 1998] },
  S15: { make: 'Nissan', model: 'Silvia', years: [1999, 2002] },
  Z32: { make: 'Nissan', model: '300ZX', years: [1989, 2000] },
  FD3S: { make: 'Mazda', model: 'RX-7', years: [1991, 2002] },
  FC3S: { make: 'Mazda', model: 'RX-7', years: [1985, 1992] },
  NA6CE: { make: 'Mazda', model: 'MX-5', years: [1989, 1997] },
  EK9: { make: 'Honda', model: 'Civic', years: [1997, 2000] },
  EG6: { make: 'Honda', model: 'Civic', years: [1991, 1995] },
  DC2: { make: 'Honda', model: 'Integra', years: [1993, 2001] },
  NA1: { make: 'Honda', model: 'NSX', years: [1990, 1997] },
  AP1: { make: 'Honda', model: 'S2000', years: [1999, 2003] },
  GC8: { make: 'Subaru', model: 'Impreza', years: [1992, 2000] },
  GDB: { make: 'Subaru', model: 'Impreza', years: [2000, 2007] },
  CP9A: { make: 'Mitsubishi', model: 'Lancer Evolution', years: [1996, 2001] },
  CT9A: { make: 'Mitsubishi', model: 'Lancer Evolution', years: [2001, 2007] },
};

export type VinProblem = 'length' | 'characters' | 'checkDigit';

export interface VinCheck {
  kind: 'vin';
  vin: string;
  /** Problems that make the VIN invalid. */
  errors: VinProblem[];
  /** A wrong check digit on a VIN from outside North America, where the digit is not mandatory. */
  warnings: VinProblem[];
  northAmerican: boolean;
  manufacturer: string | null;
  make: Make | null;
  /** The model year from position 10, or null when it cannot be told. */
  year: number | null;
}

export interface ChassisCheck {
  kind: 'chassis';
  chassisCode: string;
  serial: string;
  make: Make | null;
  model: string | null;
  years: [number, number] | null;
}

export function normalizeVin(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function vinCheckDigit(vin: string): string | null {
  if (vin.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i]!;
    const value = /\d/.test(ch) ? Number(ch) : TRANSLITERATION[ch];
    if (value === undefined) return null;
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

function manufacturerOf(vin: string) {
  return WMI[vin.slice(0, 3)] ?? WMI[vin.slice(0, 2)] ?? null;
}

/**
 * The model year. The letter/digit code repeats every 30 years. A VIN that follows the North American
 * standard (mandatory there, and recognisable elsewhere by a correct check digit) tells the cycle in
 * position 7: a letter means 2010 or later, a digit 1980–2009. A VIN that does not follow it gives no
 * such hint: the later cycle is taken unless it lies in the future.
 */
function modelYear(vin: string, followsStandard: boolean, now: Date): number | null {
  const index = YEAR_CODES.indexOf(vin[9]!);
  if (index < 0) return null;
  const early = 1980 + index;
  const late = 2010 + index;
  if (followsStandard) return /[A-Z]/.test(vin[6]!) ? late : early;
  return late <= now.getFullYear() + 1 ? late : early;
}

export function checkVin(value: string, now = new Date()): VinCheck {
  const vin = normalizeVin(value);
  const errors: VinProblem[] = [];
  const warnings: VinProblem[] = [];
  if (vin.length !== 17) errors.push('length');
  if (/[IOQ]/.test(vin) || !/^[A-Z0-9]*$/.test(vin)) errors.push('characters');
  const northAmerican = /^[1-5]/.test(vin);
  const checkDigitValid = errors.length === 0 && vinCheckDigit(vin) === vin[8];
  if (errors.length === 0 && !checkDigitValid) (northAmerican ? errors : warnings).push('checkDigit');
  const maker = vin.length >= 3 ? manufacturerOf(vin) : null;
  return {
    kind: 'vin',
    vin,
    errors,
    warnings,
    northAmerican,
    manufacturer: maker?.manufacturer ?? null,
    make: maker?.make ?? null,
    year:
      errors.includes('length') || errors.includes('characters')
        ? null
        : modelYear(vin, northAmerican || checkDigitValid, now),
  };
}

/** `JZA80-1234567`: a chassis code, a dash and a serial number (Japanese-market cars). */
export const CHASSIS_PATTERN = /^([A-Z0-9]{2,8})-(\d{4,8})$/;

export function checkChassis(value: string): ChassisCheck | null {
  const match = CHASSIS_PATTERN.exec(value.trim().toUpperCase());
  if (!match) return null;
  const chassisCode = match[1]!;
  const known = CHASSIS_CODES[chassisCode];
  return {
    kind: 'chassis',
    chassisCode,
    serial: match[2]!,
    make: known?.make ?? null,
    model: known?.model ?? null,
    years: known?.years ?? null,
  };
}

/** What a member typed in the VIN field: a chassis frame number, else a VIN. */
export function identifyVehicle(value: string, now = new Date()): VinCheck | ChassisCheck {
  return checkChassis(value) ?? checkVin(value, now);
}
