import { readFileSync, readdirSync } from 'node:fs';
import { devices, expect, test, type Browser } from '@playwright/test';
import { takenOver } from './support/pages';

/**
 * How long a slow phone's main thread is blocked while a page comes alive: the pages a visitor opens
 * first, loaded with Chromium's CPU slowed 4× (DevTools protocol) as Lighthouse's mobile profile does.
 * Blocking time is what every long task after the first paint takes beyond 50 ms (the Total Blocking
 * Time's own rule), up to the page's being quiet; the median of five loads is held to the budget,
 * Lighthouse's 150 ms for a good Total Blocking Time (docs/benchmarks.md has the figures). One load in
 * five may land on a busy moment of the machine (a 4× slower CPU multiplies any stall): three did not
 * hold a single slow load off the median in a full run, five do. The median of five is within the
 * budget exactly when three of the loads are, so the loads stop once three are within it, or three over
 * it: the verdict is the one five loads give, without the loads that cannot change it.
 *
 * The budget keeps what issue 37 removed from coming back: whole-page re-renders when the page comes
 * alive, timers, and start-up work in one long task (each chunk of the page runs in a task of its own,
 * `src/client/boot.ts`; the app starts in steps, React DOM's client in a task of its own,
 * `src/client/main.tsx`; and the libraries bundled from CommonJS compile off the main thread,
 * `eagerCommonJs` in vite.config.ts). It runs before every other journey (its own project,
 * playwright.config.ts), so that nothing else competes for the CPU and the pages hold the demo catalogue
 * alone, and a load during which something else used the CPU all the same is measured again
 * (`DISTURBED_CORES`).
 */
const BLOCKING_BUDGET_MS = 150;
const LOADS = 5;
/** Loads on one side of the budget that settle the median of `LOADS`: three of five. */
const SETTLED = Math.floor(LOADS / 2) + 1;
/** How long a page is quiet (no long task) once taken over before its blocking time is read. */
const QUIET_MS = 1_000;
/**
 * A load is disturbed, and measured again, when everything on the machine but this test's own processes
 * (its worker and the browser it started) took more than this many cores on average while it ran.
 * Undisturbed, that is 0.25–0.4 of a core (the servers answering the page, Playwright's runner, the
 * kernel); the measurement itself keeps both cores about 85% busy, so a process taking half a core
 * more (a job the journeys left, a browser still closing) slows the 4× slower page by as much again:
 * with one, single loads of browse took 240–570 ms where they take 0–90.
 */
const DISTURBED_CORES = 0.6;
/** How many disturbed loads are measured again, in all, before the figures stand as they are. */
const REMEASURED_LOADS = 5;

/** The long tasks the page has seen so far, kept on `window` by the page's own observer. */
interface LongTasks {
  longTasks: { start: number; duration: number }[];
}

test.describe.configure({ mode: 'serial' });

/** The machine's CPU time so far, busy and idle, in clock ticks (Linux's /proc/stat). */
function cpuTicks(): { busy: number; idle: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + (fields[4] ?? 0);
  return { busy: fields.reduce((sum, value) => sum + value, 0) - idle, idle };
}

/**
 * Waits (up to 20 s) for a moment when the machine's cores are mostly idle: a load measured while the
 * server finishes the journeys' leftover work (mail, notifications) or a browser closes measures the
 * machine, not the page, since the 4× slower CPU multiplies any stall.
 */
async function quietMachine(): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const before = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = cpuTicks();
    const busy = after.busy - before.busy;
    const idle = after.idle - before.idle;
    if (busy + idle > 0 && idle / (busy + idle) >= 0.8) return;
  }
}

/** Clock ticks a second, as /proc counts them (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time so far, in clock ticks, of this process's own tree: this test's worker and the browser it
 * started, with its renderers.
 */
function ourTicks(): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the command's name (in parentheses): state, parent, … utime (12th), stime (13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const ours = (pid: number): boolean => {
    for (let at: number | undefined = pid; at; at = parent.get(at)) if (at === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, used] of ticks) if (ours(pid)) total += used;
  return total;
}

/**
 * The CPU time so far, in clock ticks, of everything else on the machine: all its busy time (which
 * keeps what processes that have ended used) less this test's own.
 */
function othersTicks(): number {
  return cpuTicks().busy - ourTicks();
}

interface Load {
  ms: number;
  tasks: string;
  /** The cores the processes outside this test used on average while the page loaded. */
  othersCores: number;
}

async function blockingTime(browser: Browser, url: string): Promise<Load> {
  await quietMachine();
  const context = await browser.newContext({ ...devices['Pixel 7'], reducedMotion: 'no-preference' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const seen: LongTasks['longTasks'] = [];
      (window as unknown as LongTasks).longTasks = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          seen.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const started = { ticks: othersTicks(), at: performance.now() };
    await page.goto(url, { waitUntil: 'load' });
    // Alive and quiet: the page taken over (the app's scroll manager runs once it has), and no long
    // task for a second since.
    await page.waitForFunction(
      (quietMs) => {
        const { longTasks: tasks } = window as unknown as LongTasks;
        const lastEnd = Math.max(0, ...tasks.map((task) => task.start + task.duration));
        return window.history.scrollRestoration === 'manual' && performance.now() - lastEnd >= quietMs;
      },
      QUIET_MS,
      { polling: 100 },
    );
    const { tasks, firstPaint } = await page.evaluate(() => ({
      tasks: (window as unknown as LongTasks).longTasks,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const othersSeconds = (othersTicks() - started.ticks) / TICKS_PER_SECOND;
    const othersCores = othersSeconds / ((performance.now() - started.at) / 1000);
    const after = tasks.filter((task) => task.start >= firstPaint);
    return {
      ms: Math.round(after.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)),
      tasks: after.map((task) => `${Math.round(task.duration)} ms at ${Math.round(task.start)}`).join(', '),
      othersCores: Math.round(othersCores * 100) / 100,
    };
  } finally {
    await context.close();
  }
}

const pages: [string, (baseURL: string) => Promise<string>][] = [
  ['the home page', async () => '/'],
  ['browse', async () => '/browse?make=Honda'],
  [
    'a listing',
    async (baseURL) => {
      // A demo listing of its own (no journey lists a Chevrolet part, nor changes a demo listing).
      const found = (await (await fetch(`${baseURL}/api/listings?make=Chevrolet`)).json()) as {
        items: { id: string }[];
      };
      return `/listing/${found.items[0]!.id}`;
    },
  ],
];

/**
 * Each page is loaded once, unmeasured, before any is measured: the servers have just started, and a
 * page's first load had them compile its rendering and its API's code (half a core beside the browser)
 * while the slowed page ran, which slowed it too. Chromium's first loads read its own files from disk.
 */
test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  try {
    const page = await context.newPage();
    for (const [, path] of pages) {
      await page.goto(`${baseURL}${await path(baseURL!)}`, { waitUntil: 'load' });
      await takenOver(page);
    }
  } finally {
    await context.close();
  }
});

for (const [name, path] of pages)
  test(`${name} blocks a 4× slower CPU for at most ${BLOCKING_BUDGET_MS} ms after its first paint`, async ({
    browser,
    baseURL,
  }) => {
    // Three to five loads, and as many as five measured again: about 5 s each.
    test.setTimeout(120_000);
    const url = `${baseURL}${await path(baseURL!)}`;
    const loads: Load[] = [];
    const disturbed: Load[] = [];
    const within = () => loads.filter((load) => load.ms <= BLOCKING_BUDGET_MS).length;
    while (within() < SETTLED && loads.length - within() < SETTLED) {
      const load = await blockingTime(browser, url);
      if (load.othersCores > DISTURBED_CORES && disturbed.length < REMEASURED_LOADS) disturbed.push(load);
      else loads.push(load);
    }
    const sorted = [...loads].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const described = (list: Load[]) =>
      list
        .map((load) => `${load.ms} ms (${load.tasks || 'no long task'}; others ${load.othersCores} cores)`)
        .join('; ');
    test.info().annotations.push({ type: 'blocking time', description: described(loads) });
    if (disturbed.length)
      test.info().annotations.push({ type: 'disturbed, measured again', description: described(disturbed) });
    expect(
      within(),
      `loads within ${BLOCKING_BUDGET_MS} ms, of ${loads.length} (${SETTLED} of ${LOADS} put the median within it); the middle one's long tasks: ${median.tasks}; all: ${described(loads)}`,
    ).toBeGreaterThanOrEqual(SETTLED);
  });
