import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { checkChassis } from '@common/vin';
import { fits, sameModel, vehicleLabel, type Fit, type Misfit, type Vehicle } from '@common/schemas/vehicles';
import { yearRange } from '@common/labels';
import type { Db } from '../../db/client';
import { listings, vehicles } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { insertWithinQuota } from '../../db/member-quota';
import { literalLimit } from '../../db/named-statements';
import { isUuid } from '../../http/ids';

type Row = typeof vehicles.$inferSelect;
/** Enough for any enthusiast's garage, and a bound on the fitment filter's size. */
export const FLEET_LIMIT = 25;

export function toVehicle(row: Row): Vehicle {
  return {
    id: row.id,
    vin: row.vin,
    chassisCode: row.chassisCode,
    licensePlate: row.licensePlate,
    make: row.make,
    model: row.model,
    year: row.year,
    color: row.color,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface VehicleValues {
  vin: string | null;
  licensePlate: string | null;
  make: string;
  model: string;
  year: number;
  color: string | null;
}

/**
 * A listing's years take in `year`: `start-end`, or `start+` when only the first is given; a listing
 * with no years states none. The SQL form of the year part of `fits` (@common/schemas/vehicles), for
 * the browse year filter and the fleet filter alike.
 */
export function yearWithinListing(year: number): SQL {
  return sql`(${listings.yearStart} <= ${year} and coalesce(${listings.yearEnd}, 9999) >= ${year})`;
}

/**
 * The SQL form of the fitment rule (see `fits` in @common/schemas/vehicles), for browse: one condition
 * per make and model of the fleet (its vehicles' years OR-ed), a listing fitting when it meets any.
 * Browse reads each with its own walk of the make-and-model index (docs/search.md).
 */
export function fitAlternatives(fleet: Pick<Vehicle, 'make' | 'model' | 'year'>[]): SQL[] {
  const groups = new Map<string, { make: string; model: string; years: number[] }>();
  for (const v of fleet) {
    const model = v.model.trim().toLowerCase();
    const key = JSON.stringify([v.make, model]);
    const group = groups.get(key) ?? { make: v.make, model, years: [] };
    group.years.push(v.year);
    groups.set(key, group);
  }
  return [...groups.values()].map(
    (group) => sql`(${listings.make} = ${group.make} and lower(${listings.model}) = lower(${group.model})
      and (${sql.join(
        [...new Set(group.years)].map((year) => yearWithinListing(year)),
        sql` or `,
      )}))`,
  );
}

/** Each listing's first fitting vehicle of the member, for the "Fits your …" badge. */
export function fitFor(
  fleet: Vehicle[],
  listing: { make: string; model: string; yearStart: number | null; yearEnd: number | null },
): Fit {
  const vehicle = fleet.find((v) => fits(listing, v));
  return vehicle ? { vehicleId: vehicle.id, label: vehicleLabel(vehicle) } : null;
}

/**
 * A listing's fitment for the member's fleet: the first vehicle it fits ("Fits your …"), or, when none
 * does, the first of its make and model outside its years ("Doesn't fit your …: fits 1989-1994"; null
 * when the listing states no years).
 */
export function fitmentFor(
  fleet: Vehicle[],
  listing: { make: string; model: string; yearStart: number | null; yearEnd: number | null },
): { fits: Fit; misfit: Misfit } {
  const fit = fitFor(fleet, listing);
  if (fit) return { fits: fit, misfit: null };
  const years = yearRange(listing.yearStart, listing.yearEnd);
  const vehicle = years ? fleet.find((v) => sameModel(listing, v)) : undefined;
  return {
    fits: null,
    misfit: vehicle && years ? { vehicleId: vehicle.id, label: vehicleLabel(vehicle), years } : null,
  };
}

export function createFleetService(db: Db) {
  const values = (input: VehicleValues) => ({
    ...input,
    chassisCode: input.vin ? (checkChassis(input.vin)?.chassisCode ?? null) : null,
  });

  async function owned(userId: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
    const rows = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)))
      .limit(1);
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND');
    return rows[0];
  }

  /** A member's vehicles: every signed-in browse reads them (fitment), so built once and run by name. */
  const listStatement = db
    .select()
    .from(vehicles)
    .where(eq(vehicles.userId, sql.placeholder('userId')))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id))
    .limit(literalLimit(FLEET_LIMIT))
    .prepare('fleet_list');

  return {
    async list(userId: string): Promise<Vehicle[]> {
      const rows = await listStatement.execute({ userId });
      return rows.map(toVehicle);
    },

    async add(userId: string, input: VehicleValues): Promise<Vehicle> {
      return insertWithinQuota(
        db,
        { table: vehicles, owner: vehicles.userId, userId, limit: FLEET_LIMIT, error: 'FLEET_LIMIT' },
        async (tx) => {
          const rows = await tx
            .insert(vehicles)
            .values({ userId, ...values(input) })
            .returning();
          return toVehicle(rows[0]!);
        },
      );
    },

    async update(userId: string, id: string, input: VehicleValues): Promise<Vehicle> {
      await owned(userId, id);
      const rows = await db
        .update(vehicles)
        .set({ ...values(input), updatedAt: new Date() })
        .where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)))
        .returning();
      return toVehicle(rows[0]!);
    },

    async remove(userId: string, id: string): Promise<void> {
      await owned(userId, id);
      await db.delete(vehicles).where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)));
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
