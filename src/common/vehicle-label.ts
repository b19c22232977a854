import type { Vehicle } from './schemas/vehicles';

export type { Vehicle };

/**
 * "2003 Honda Accord". Apart from the vehicle schemas (`./schemas/vehicles`), which a page that only
 * names vehicles (browse's "fits" filter) would otherwise build when it loads.
 */
export function vehicleLabel(vehicle: Pick<Vehicle, 'year' | 'make' | 'model'>): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}
