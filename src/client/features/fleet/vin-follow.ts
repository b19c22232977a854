import { useState } from 'react';
import { identifyVehicle } from '@common/vin';

/** The vehicle form's fields a VIN or chassis number can fill. */
export type VinField = 'make' | 'model' | 'year';

/** What the VIN field tells of the vehicle, as the form's fields would hold it. */
export type VinDetails = Partial<Record<VinField, string>>;

/**
 * A valid VIN tells the make and the model year; a known chassis code the make and the model. A VIN
 * with errors (too short, a wrong North American check digit) tells nothing.
 */
export function vinDetails(value: string, now = new Date()): VinDetails {
  if (!value.trim()) return {};
  const check = identifyVehicle(value, now);
  const details: VinDetails = {};
  if (check.kind === 'vin' && check.errors.length === 0) {
    if (check.make) details.make = check.make;
    if (check.year) details.year = String(check.year);
  }
  if (check.kind === 'chassis') {
    if (check.make) details.make = check.make;
    if (check.model) details.model = check.model;
  }
  return details;
}

/**
 * The fields that follow the VIN when a form opens: those already holding what the VIN tells (a saved
 * vehicle's details filled from its VIN). Any other value was typed by the member.
 */
export function followingAtFirst<Field extends string>(
  values: Record<Field, string>,
  details: Partial<Record<Field, string>>,
): Set<Field> {
  return new Set(
    (Object.keys(values) as Field[]).filter((field) => values[field] && values[field] === details[field]),
  );
}

/**
 * The rule for details filled from a VIN: a field the VIN filled follows the VIN as it changes (a typo
 * fixed, the VIN cleared), an empty field takes what the VIN tells, and a field the member typed is
 * left alone. `following` is the fields the VIN filled and the member has not changed since (a change
 * by hand takes the field out of it). Returns the values to set and the fields following after.
 */
export function followVin<Field extends string>(
  values: Record<Field, string>,
  following: ReadonlySet<Field>,
  details: Partial<Record<Field, string>>,
): { changes: Partial<Record<Field, string>>; following: Set<Field> } {
  const changes: Partial<Record<Field, string>> = {};
  const next = new Set(following);
  for (const field of Object.keys(values) as Field[]) {
    const current = values[field];
    if (!following.has(field) && current.trim()) continue;
    const told = details[field] ?? '';
    if (told !== current) changes[field] = told;
    if (told) next.add(field);
    else next.delete(field);
  }
  return { changes, following: next };
}

/**
 * The rule in a form that opens with these values and VIN: `follow` gives the changes a VIN just typed
 * brings to the fields' values; `typedByHand` stops a field the member changed from following.
 */
export function useVinFollow(opening: Record<VinField, string>, vin: string) {
  const [following, setFollowing] = useState(() => followingAtFirst(opening, vinDetails(vin)));
  return {
    follow: (values: Record<VinField, string>, typed: string) => {
      const next = followVin(values, following, vinDetails(typed));
      setFollowing(next.following);
      return next.changes;
    },
    typedByHand: (field: VinField) =>
      setFollowing((current) =>
        current.has(field) ? new Set([...current].filter((name) => name !== field)) : current,
      ),
  };
}
