// An SMTP server on a free local port for the test servers (e2e-server.mjs, cluster.mjs): every email
// the app sends lands as a JSON file (recipients and raw MIME) in `mailDir`, named `<prefix>-<n>.json`,
// where the journeys read it as a person reads their inbox.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export async function startMailListener(mailDir, prefix) {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(mailDir, `${prefix}-${String(++received).padStart(5, '0')}.json`);
        // Written aside and renamed into place: the journeys read this folder from another process,
        // and a reader must never see a file that exists but is not yet written.
        writeFileSync(`${file}.part`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return { port: smtp.server.address().port, close: () => smtp.close() };
}
