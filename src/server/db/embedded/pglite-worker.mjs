// Worker-thread entry: PGlite runs every query on the thread that calls it, so it gets its own.
import { parentPort, workerData } from 'node:worker_threads';
import { startPgliteHost } from './pglite-host.mjs';

const { dataDir, socketPath } = workerData;

try {
  const host = await startPgliteHost({ dataDir, socketPath });
  parentPort?.on('message', (message) => {
    if (message === 'close')
      host.close().then(
        () => parentPort?.postMessage({ type: 'closed' }),
        (error) => parentPort?.postMessage({ type: 'closed', error: String(error) }),
      );
    else if (message === 'dump')
      host.dump().then(
        (bytes) => parentPort?.postMessage({ type: 'dumped', bytes }, [bytes.buffer]),
        (error) => parentPort?.postMessage({ type: 'dumped', error: String(error) }),
      );
  });
  parentPort?.postMessage({ type: 'ready' });
} catch (error) {
  parentPort?.postMessage({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
}
