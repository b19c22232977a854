import type { Clock } from '@server/clock';

/** A clock for tests: the real time, moved on by `advance` (and back by `reset`), never waited for. */
export function testClock(): { now: Clock; advance(ms: number): void; reset(): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}
