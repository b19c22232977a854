/**
 * The second app of the end-to-end run (playwright.config.ts): started as `npm start` starts it, so
 * plans switch in demo mode without payment. Journeys of paid plans run against it with
 * `test.use({ baseURL: DEMO_BASE_URL })`.
 */
export const DEMO_BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 4173) + 1}`;
