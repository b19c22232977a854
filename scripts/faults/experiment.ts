/**
 * One experiment: a case on one database. Starts the built app (two behind nginx for the cluster case)
 * on a fresh data folder or PostgreSQL database, makes the members, starts the load, lets the case
 * break something and put it right, stops the load, waits (bounded) for the confirmation emails, stops
 * the app and counts what the database holds against what was acknowledged.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { appProcess, type AppProcess } from './app';
import type { DatabaseKind, FaultCase, FaultContext } from './cases';
import { countInEmbedded, countInPostgres, type Stored } from './count';
import { startNginx } from './nginx';
import type { PostgresServer } from './postgres';
import type { FaultySmtp } from './smtp';
import { setUpMembers, startLoad, type Write, type WriteKind } from './workload';

export const PORTS = { postgres: 4400, smtp: 4401, apps: [4410, 4411] as const, nginx: 4420, stripe: 4430 };

export interface Sizes {
  /** Members writing messages (and listings) at the same time. */
  members: number;
  messagesPerMember: number;
  listingsPerMember: number;
  signUps: number;
  pauseMs: number;
  signUpPauseMs: number;
  /** Load before the fault, and after the fault was put right. */
  beforeMs: number;
  afterMs: number;
  /** How long a failed message is sent again. */
  retryForMs: number;
  /** The most time spent waiting for the confirmation emails after the load. */
  settleMs: number;
}

export interface Row {
  case: string;
  database: DatabaseKind;
  acknowledged: number;
  stored: number;
  lost: number;
  doubled: number;
  /** Writes never acknowledged (the member saw an error). */
  failed: number;
  emailsExpected: number;
  emailsOnce: number;
  emailsDuplicated: number;
  /** Expected emails not delivered at the end, and of those, how many a queued job may still send. */
  emailsMissing: number;
  emailsQueued: number;
  /** From the fault's start to the first write sent after it and acknowledged. */
  writesBackSeconds: number | null;
  /** From the fault's start to the last confirmation email of a sign-up acknowledged before it ended. */
  mailCaughtUpSeconds: number | null;
  /** Per kind, acknowledged/attempted, and the failures seen. */
  details: string;
  /** The orders case: money moved twice, or owed and never moved (any fails the run). */
  moneyProblems?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What an experiment has running, for run.ts to stop on Ctrl-C. */
export const running = { apps: new Set<AppProcess>(), nginx: new Set<{ stop(): Promise<void> }>() };

export interface ExperimentOptions {
  faultCase: FaultCase;
  database: DatabaseKind;
  postgres: PostgresServer | null;
  smtp: FaultySmtp;
  sizes: Sizes;
  databaseDownMs: number;
  mailDownMs: number;
  workDir: string;
  serial: number;
}

/**
 * What every experiment starts with: its folder, its log line, a fresh database on PostgreSQL (none on
 * the embedded one: the app makes it in the folder), and the mail server answering at once.
 */
export async function prepareExperiment(options: ExperimentOptions) {
  const name = `${options.faultCase.id}-${options.database}`;
  const tag = `${name}-${Date.now().toString(36)}`;
  const folder = path.join(options.workDir, name);
  mkdirSync(folder, { recursive: true });
  const began = Date.now();
  const say = (line: string) =>
    console.log(`[${name} ${((Date.now() - began) / 1000).toFixed(1).padStart(5)} s] ${line}`);
  let databaseUrl: string | undefined;
  if (options.database === 'postgres') {
    if (!options.postgres) throw new Error('PostgreSQL is not running');
    const dbName = `faults_${options.serial}`;
    await options.postgres.createDatabase(dbName);
    databaseUrl = options.postgres.url(dbName);
  }
  await options.smtp.setMode('up');
  options.smtp.replyDelayMs = 0;
  return { name, tag, folder, say, databaseUrl };
}

export async function runExperiment(options: ExperimentOptions): Promise<Row> {
  const { faultCase, database, smtp, sizes } = options;
  if (faultCase.run) return faultCase.run(options);
  const { tag, folder, say, databaseUrl } = await prepareExperiment(options);

  const count = faultCase.cluster ? 2 : 1;
  const publicPort = faultCase.cluster ? PORTS.nginx : PORTS.apps[0];
  const apps: AppProcess[] = [];
  for (let i = 0; i < count; i++)
    apps.push(
      appProcess({
        port: PORTS.apps[i]!,
        dataDir: path.join(folder, `data-${i + 1}`),
        ...(databaseUrl ? { databaseUrl } : {}),
        smtpPort: smtp.port,
        publicUrl: `http://localhost:${publicPort}`,
        logFile: path.join(folder, `app-${i + 1}.log`),
        ...(faultCase.cluster ? { trustProxy: 1 } : {}),
      }),
    );
  for (const app of apps) running.apps.add(app);
  const base = `http://127.0.0.1:${publicPort}`;
  let nginx: { stop(): Promise<void> } | null = null;
  const context: FaultContext = {
    apps,
    smtp,
    postgres: options.postgres,
    databaseDownMs: options.databaseDownMs,
    mailDownMs: options.mailDownMs,
    say,
  };

  const writes: Write[] = [];
  let fault = { start: 0, end: 0 };
  try {
    // One after the other: the first migrates the empty database, the second finds it ready.
    for (const app of apps) await app.start();
    if (faultCase.cluster)
      nginx = await startNginx(
        path.join(folder, 'nginx'),
        PORTS.nginx,
        [PORTS.apps[0], PORTS.apps[1]],
        path.join(folder, 'nginx.log'),
      );
    if (nginx) running.nginx.add(nginx);
    say(`app${count > 1 ? 's' : ''} up; making ${sizes.members} members`);
    const members = await setUpMembers(base, smtp, tag, sizes.members);
    await faultCase.prepare?.(context);
    const load = startLoad({
      base: () => base,
      members,
      messagesPerMember: sizes.messagesPerMember,
      listingsPerMember: sizes.listingsPerMember,
      signUps: sizes.signUps,
      pauseMs: sizes.pauseMs,
      signUpPauseMs: sizes.signUpPauseMs,
      retryForMs: sizes.retryForMs,
      signUpPrefix: `new.${tag}.`,
      writes,
    });
    await sleep(sizes.beforeMs);
    say(`fault: ${faultCase.summary}`);
    try {
      fault = await faultCase.fault(context);
    } finally {
      say(`fault over after ${((Date.now() - (fault.start || Date.now())) / 1000).toFixed(1)} s`);
      await sleep(sizes.afterMs);
      await load.stop();
    }
    await faultCase.afterLoad?.(context);
    say(`load stopped: ${writes.length} writes; waiting for the confirmation emails`);
    const deadline = Date.now() + sizes.settleMs;
    const expected = writes.filter((w) => w.kind === 'sign-up' && w.acknowledged).map((w) => w.key);
    while (Date.now() < deadline && !expected.every((address) => delivered(smtp, address) > 0))
      await sleep(250);
    // A moment more for a second copy on its way.
    await sleep(1_000);
    say('stopping the app and counting');
  } finally {
    if (nginx) {
      await nginx.stop();
      running.nginx.delete(nginx);
    }
    for (const app of apps) {
      await app.kill('SIGTERM');
      running.apps.delete(app);
    }
  }

  const keys = {
    message: keysOf(writes, 'message'),
    listing: keysOf(writes, 'listing'),
    'sign-up': keysOf(writes, 'sign-up'),
  };
  const stored =
    database === 'postgres'
      ? await countInPostgres(databaseUrl!, keys)
      : await countInEmbedded(path.join(folder, 'data-1', 'db'), keys);
  return tally(faultCase.id, database, writes, stored, smtp, fault);
}

function keysOf(writes: Write[], kind: WriteKind): string[] {
  return writes.filter((w) => w.kind === kind).map((w) => w.key);
}

export function delivered(smtp: FaultySmtp, address: string): number {
  return smtp.received.filter((mail) => mail.to.includes(address)).length;
}

export function tally(
  id: string,
  database: DatabaseKind,
  writes: Write[],
  stored: Stored,
  smtp: FaultySmtp,
  fault: { start: number; end: number },
): Row {
  const rowsOf = (write: Write) => stored.rows[write.kind].get(write.key) ?? 0;
  const acknowledged = writes.filter((w) => w.acknowledged);
  const kept = acknowledged.filter((w) => rowsOf(w) > 0);
  const signUps = acknowledged.filter((w) => w.kind === 'sign-up');
  const copies = signUps.map((w) => ({ write: w, copies: delivered(smtp, w.key) }));
  const missing = copies.filter((c) => c.copies === 0);
  const back = acknowledged
    .filter((w) => w.acknowledged!.sentAt >= fault.start)
    .map((w) => w.acknowledged!.at - fault.start);
  const heldUp = signUps.filter((w) => w.acknowledged!.at <= fault.end);
  const firstDelivery = heldUp.map((w) => smtp.received.find((mail) => mail.to.includes(w.key))?.at);
  const caughtUp =
    heldUp.length && firstDelivery.every((at) => at !== undefined)
      ? Math.max(0, ...firstDelivery.map((at) => at! - fault.start))
      : null;

  const kinds: WriteKind[] = ['message', 'listing', 'sign-up'];
  const reasons = (chosen: Write[]) => {
    const counts = new Map<string, number>();
    for (const write of chosen)
      if (write.lastError) counts.set(write.lastError, (counts.get(write.lastError) ?? 0) + 1);
    return [...counts].map(([error, n]) => `${n}× ${error}`).join(', ');
  };
  const unacknowledged = reasons(writes.filter((w) => !w.acknowledged));
  const retried = writes.filter((w) => w.acknowledged && w.attempts > 1);
  const details = [
    kinds
      .map((kind) => {
        const all = writes.filter((w) => w.kind === kind);
        return `${kind}s ${all.filter((w) => w.acknowledged).length}/${all.length}`;
      })
      .join(', '),
    retried.length ? `acknowledged after a retry: ${reasons(retried)}` : '',
    unacknowledged ? `unacknowledged: ${unacknowledged}` : '',
  ]
    .filter(Boolean)
    .join('; ');

  return {
    case: id,
    database,
    acknowledged: acknowledged.length,
    stored: kept.length,
    lost: acknowledged.length - kept.length,
    doubled: writes.filter((w) => rowsOf(w) > 1).length,
    failed: writes.length - acknowledged.length,
    emailsExpected: signUps.length,
    emailsOnce: copies.filter((c) => c.copies === 1).length,
    emailsDuplicated: copies.filter((c) => c.copies > 1).length,
    emailsMissing: missing.length,
    emailsQueued: missing.filter((c) => stored.queuedEmails.has(c.write.key)).length,
    writesBackSeconds: back.length ? Math.min(...back) / 1000 : null,
    mailCaughtUpSeconds: caughtUp === null ? null : caughtUp / 1000,
    details,
  };
}
