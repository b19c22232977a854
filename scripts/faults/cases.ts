/**
 * The fault cases: what each breaks while members write, and how it puts it right again. Each runs
 * inside one experiment (experiment.ts), which starts the app, makes the members, runs the load, then
 * counts.
 */
import type { AppProcess } from './app';
import type { PostgresServer } from './postgres';
import type { FaultySmtp } from './smtp';
import type { ExperimentOptions, Row } from './experiment';
import { runOrdersExperiment } from './orders';

export type DatabaseKind = 'embedded' | 'postgres';

export interface FaultContext {
  /** The app instances (two behind nginx in the cluster case). */
  apps: AppProcess[];
  smtp: FaultySmtp;
  /** Null on the embedded database. */
  postgres: PostgresServer | null;
  /** How long PostgreSQL stays stopped, and SMTP broken (ms). */
  databaseDownMs: number;
  mailDownMs: number;
  say(line: string): void;
}

export interface FaultCase {
  id: string;
  /** One line for the table's notes and docs/operations.md. */
  summary: string;
  databases: DatabaseKind[];
  /** Two instances behind nginx. */
  cluster?: boolean;
  /** Before the load starts. */
  prepare?(context: FaultContext): Promise<void>;
  /** Breaks something under load and puts it right; when the fault began and ended. */
  fault(context: FaultContext): Promise<{ start: number; end: number }>;
  /** After the load, before waiting for the last emails (e.g. the restart of a killed instance). */
  afterLoad?(context: FaultContext): Promise<void>;
  /** A case with a load of its own (the orders case): runs the whole experiment itself. */
  run?(options: ExperimentOptions): Promise<Row>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function app(context: FaultContext, index = 0): AppProcess {
  const found = context.apps[index];
  if (!found) throw new Error(`no app instance ${index}`);
  return found;
}

function postgres(context: FaultContext): PostgresServer {
  if (!context.postgres) throw new Error('this case needs PostgreSQL');
  return context.postgres;
}

async function restartAfter(context: FaultContext, signal: NodeJS.Signals) {
  const start = Date.now();
  const exit = await app(context).kill(signal);
  context.say(`app stopped by ${signal} (exit ${exit.code ?? exit.signal}); starting it again`);
  const end = Date.now();
  await app(context).start();
  return { start, end };
}

async function pgRestart(context: FaultContext, mode: 'fast' | 'immediate') {
  const start = Date.now();
  await postgres(context).restart(mode);
  return { start, end: Date.now() };
}

async function smtpDown(context: FaultContext, mode: 'refusing' | 'hung') {
  const start = Date.now();
  await context.smtp.setMode(mode);
  await sleep(context.mailDownMs);
  await context.smtp.setMode('up');
  return { start, end: Date.now() };
}

export const CASES: FaultCase[] = [
  {
    id: 'sigkill',
    summary: 'the app is killed (SIGKILL) mid-work and started again on the same data',
    databases: ['embedded', 'postgres'],
    fault: (context) => restartAfter(context, 'SIGKILL'),
  },
  {
    id: 'orders-sigkill',
    summary:
      'orders paid through Stripe (the stand-in); the app is killed just after Stripe made a transfer, then a refund, before it heard back',
    databases: ['embedded', 'postgres'],
    fault: () => Promise.reject(new Error('runs its own experiment')),
    run: (options) => runOrdersExperiment(options),
  },
  {
    id: 'sigterm-slow-smtp',
    summary: 'the mail server holds each answer 8 s; the app is stopped (SIGTERM) mid-work and started again',
    databases: ['embedded', 'postgres'],
    async prepare(context) {
      context.smtp.replyDelayMs = 8_000;
    },
    fault: (context) => restartAfter(context, 'SIGTERM'),
    async afterLoad(context) {
      context.smtp.replyDelayMs = 0;
    },
  },
  {
    id: 'pg-restart-fast',
    summary: 'PostgreSQL restarted under load (`pg_ctl restart -m fast`: sessions ended, clean stop)',
    databases: ['postgres'],
    fault: (context) => pgRestart(context, 'fast'),
  },
  {
    id: 'pg-restart-immediate',
    summary: 'PostgreSQL restarted under load (`pg_ctl restart -m immediate`: a crash, then recovery)',
    databases: ['postgres'],
    fault: (context) => pgRestart(context, 'immediate'),
  },
  {
    id: 'pg-stop',
    summary: 'PostgreSQL stopped under load (`-m fast`) for N seconds (`--pg-stop-seconds`), then started',
    databases: ['postgres'],
    async fault(context) {
      const start = Date.now();
      await postgres(context).stop('fast');
      context.say(`PostgreSQL stopped for ${context.databaseDownMs / 1000} s`);
      await sleep(context.databaseDownMs);
      await postgres(context).start();
      return { start, end: Date.now() };
    },
  },
  {
    id: 'smtp-refusing',
    summary: 'the mail server refuses connections for a while (`--smtp-down-seconds`), then comes back',
    databases: ['embedded', 'postgres'],
    fault: (context) => smtpDown(context, 'refusing'),
  },
  {
    id: 'smtp-hung',
    summary: 'the mail server accepts connections and never greets, for a while, then comes back',
    databases: ['embedded', 'postgres'],
    fault: (context) => smtpDown(context, 'hung'),
  },
  {
    id: 'cluster-kill',
    summary: 'two instances behind nginx (deploy/nginx); one is killed (SIGKILL) and stays down',
    databases: ['postgres'],
    cluster: true,
    async fault(context) {
      const start = Date.now();
      await app(context, 1).kill('SIGKILL');
      return { start, end: start };
    },
    async afterLoad(context) {
      // Back, as an operator (or an orchestrator) would start it: jobs it held are handed on.
      await app(context, 1).start();
    },
  },
];
