export interface PgliteHost {
  close(): Promise<void>;
}
export function startPgliteHost(options: { dataDir: string; socketPath: string }): Promise<PgliteHost>;
