import { existsSync, readFileSync } from 'node:fs';

/**
 * After every journey: the API answers the browsers got that break the API document, as the servers'
 * contract proxies wrote them (src/test/contract-proxy.ts). Any at all fails the run, each named.
 */
export default function contractTeardown() {
  const file = process.env.E2E_CONTRACT_FILE;
  if (!file || !existsSync(file)) return;
  const violations = [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))];
  if (violations.length)
    throw new Error(
      `The API document does not hold for ${violations.length} answer(s) of the journeys:\n${violations.join('\n')}`,
    );
}
