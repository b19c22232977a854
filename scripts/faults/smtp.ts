/**
 * The local mail server of the fault experiments, on one fixed 127.0.0.1 port, that a case can break:
 * `up` (an SMTP server taking every message), `refusing` (nothing listens: connections are refused),
 * `hung` (a server that accepts connections and never says a word). `replyDelayMs` makes the up server
 * slow: it holds its answer to each message that long after taking the message in, as a busy relay
 * does. A message counts as delivered once its last byte arrived (a relay that has it delivers it, even
 * when the sender hangs up before the answer).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpMode = 'up' | 'refusing' | 'hung';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** When its last byte arrived (ms since the epoch). */
  at: number;
}

export interface FaultySmtp {
  port: number;
  readonly mode: SmtpMode;
  /** Every message taken in, in order of arrival. */
  readonly received: readonly ReceivedMail[];
  /** How long the up server holds its answer to each message. */
  replyDelayMs: number;
  setMode(mode: SmtpMode): Promise<void>;
  /** The plain text of the first message to `address`, once it arrived (a bounded wait). */
  waitForText(address: string, timeoutMs: number): Promise<string>;
  close(): Promise<void>;
}

export async function startFaultySmtp(port: number): Promise<FaultySmtp> {
  const received: ReceivedMail[] = [];
  let mode: SmtpMode = 'refusing';
  let smtp: SMTPServer | null = null;
  let hung: { server: Server; sockets: Set<Socket> } | null = null;
  const state = { replyDelayMs: 0 };

  const listen = (server: Server) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      // The port is free as soon as the listening socket closes; open connections end on their own.
      server.close(() => undefined);
      resolve();
    });

  async function stopCurrent(): Promise<void> {
    if (smtp) {
      const closing = smtp;
      smtp = null;
      await closeServer(closing.server);
      closing.close(() => undefined);
    }
    if (hung) {
      for (const socket of hung.sockets) socket.destroy();
      await closeServer(hung.server);
      hung = null;
    }
  }

  async function setMode(next: SmtpMode): Promise<void> {
    if (next === mode) return;
    await stopCurrent();
    mode = next;
    if (next === 'up') {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        closeTimeout: 200,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              raw: Buffer.concat(chunks).toString('utf8'),
              at: Date.now(),
            });
            if (state.replyDelayMs > 0) setTimeout(() => callback(), state.replyDelayMs);
            else callback();
          });
        },
      });
      await listen(smtp.server);
    } else if (next === 'hung') {
      const sockets = new Set<Socket>();
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
      });
      hung = { server, sockets };
      await listen(server);
    }
  }

  await setMode('up');
  return {
    port,
    get mode() {
      return mode;
    },
    received,
    get replyDelayMs() {
      return state.replyDelayMs;
    },
    set replyDelayMs(value: number) {
      state.replyDelayMs = value;
    },
    setMode,
    async waitForText(address, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const wanted = address.toLowerCase();
      while (Date.now() < deadline) {
        const mail = received.find((m) => m.to.includes(wanted));
        if (mail) return (await simpleParser(mail.raw)).text ?? '';
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no email to ${address} within ${timeoutMs / 1000} s`);
    },
    async close() {
      await stopCurrent();
    },
  };
}
