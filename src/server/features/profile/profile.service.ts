import { eq } from 'drizzle-orm';
import type { Role } from '@common/schemas/auth';
import { withOther, type Profile } from '@common/schemas/profile';
import type { z } from 'zod';
import type { BuyerPreferencesSchema, SellerPreferencesSchema } from '@common/schemas/profile';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';

type ProfileChanges = Partial<typeof profiles.$inferInsert>;

function toProfile(row: typeof profiles.$inferSelect): Profile {
  return {
    displayName: row.displayName,
    role: row.role === 'buyer' || row.role === 'seller' || row.role === 'both' ? row.role : null,
    onboardingCompleted: row.onboardingCompleted,
    zip: row.zip,
    radiusMiles: row.radiusMiles,
    prefMakes: row.prefMakes,
    prefCategories: row.prefCategories,
    shipOk: row.shipOk,
    localOk: row.localOk,
    sellerCategories: row.sellerCategories,
  };
}

/** A member's profile: the role and the preferences onboarding asks for. */
export function createProfileService(db: Db) {
  /** Updates the member's profile, creating it first when there is none, in one statement. */
  async function save(userId: string, changes: ProfileChanges): Promise<Profile> {
    const rows = await db
      .insert(profiles)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: profiles.userId, set: changes })
      .returning();
    return toProfile(rows[0]!);
  }

  return {
    async get(userId: string): Promise<Profile> {
      const rows = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return rows[0] ? toProfile(rows[0]) : save(userId, {});
    },
    setRole: (userId: string, role: Role) => save(userId, { role }),
    saveBuyer: (userId: string, input: z.output<typeof BuyerPreferencesSchema>) =>
      save(userId, {
        zip: input.zip,
        radiusMiles: input.radiusMiles,
        prefMakes: withOther(input.prefMakes, input.otherMake),
        prefCategories: withOther(input.prefCategories, input.otherCategory),
      }),
    /** The seller step is the last: it completes onboarding. */
    saveSeller: (userId: string, input: z.output<typeof SellerPreferencesSchema>) =>
      save(userId, {
        shipOk: input.shipOk,
        localOk: input.localOk,
        sellerCategories: withOther(input.sellerCategories, input.otherCategory),
        onboardingCompleted: true,
      }),
    complete: (userId: string) => save(userId, { onboardingCompleted: true }),
    /** Skipping completes onboarding too, keeping the role chosen so far. */
    skip: (userId: string, role?: Role) =>
      save(userId, { onboardingCompleted: true, ...(role ? { role } : {}) }),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
