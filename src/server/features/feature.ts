import type { Env } from '../env';
import type { Clock } from '../clock';
import type { Database, Db } from '../db/client';
import type { CookieSettings } from '../http/cookies';
import type { JobHandler } from '../jobs/queue';
import type { TemplateMailer } from '../mail/templates';
import type { RealtimeHub } from '../realtime/hub';
import type { Limiter } from '../security/rate-limit';
import type { Storage } from '../storage/storage';

/**
 * The app's shared parts, built by `createApp` before any feature. A feature names the ones it uses
 * (`Pick<Infrastructure, ...>`) and takes the services of other features as further, named dependencies.
 */
export interface Infrastructure {
  env: Env;
  database: Database;
  /** `database.db`: the primary, for writes and transactions. */
  db: Db;
  storage: Storage;
  mailer: TemplateMailer;
  clock: Clock;
  /** Tells the job worker that a job is waiting (after the transaction that queued it). */
  wakeJobs: () => void;
  limit: Limiter;
  cookies: CookieSettings;
  realtime: RealtimeHub;
}

/**
 * What building a feature (`<name>Feature(deps)` in `features/<name>/<name>.feature.ts`) hands back.
 * Every feature has all three parts, empty where they do not apply.
 */
export interface Feature<Service = unknown, Routes = unknown> {
  /** What features built after it may use; null for a feature that only answers requests. */
  service: Service;
  /** Its router, mounted by `createApp` in the one `.route()` chain. */
  routes: Routes;
  /** The jobs it runs, by kind; empty when it queues none. */
  jobHandlers: Record<string, JobHandler>;
}
