export interface PgliteHost {
  /** The whole database as PGlite's gzipped tar of its data folder. */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}
export function startPgliteHost(options: {
  dataDir: string;
  socketPath: string;
  startFrom?: Uint8Array;
  sharedBuffers?: string;
}): Promise<PgliteHost>;
