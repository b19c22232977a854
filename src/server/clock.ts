/**
 * The time a rule is judged at: expiries, windows and limits ask it instead of the machine, so tests
 * move it on instead of waiting or backdating rows. `createApp` takes one (`AppDeps.clock`); services
 * built on their own get the system's.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The clock's time plus `ms` milliseconds. */
export function later(clock: Clock, ms: number): Date {
  return new Date(clock().getTime() + ms);
}

/** `seconds` after `time` (before it, when negative). */
export function secondsAfter(time: Date, seconds: number): Date {
  return new Date(time.getTime() + seconds * 1000);
}
