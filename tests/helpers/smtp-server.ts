import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message the loopback SMTP server accepted. */
export type ReceivedMail = {
  /** SMTP envelope: who the client said it sends from and to. */
  envelope: { from: string; to: string[] };
  raw: Buffer;
  /** The parsed message (subject, text, html, attachments...); absent with `parse: false`. */
  parsed?: ParsedMail;
};

export type TestSmtpServer = {
  port: number;
  /** The SMTP_URL that reaches it. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` messages were received in all; rejects after `timeoutMs`. */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 for tests and benchmarks: it accepts every
 * message (no authentication, no TLS) and keeps it for the test to read.
 * `port` 0 picks a free port; pass a known port to bring a server "back".
 */
export async function startSmtpServer({
  port = 0,
  parse = true,
}: {
  port?: number;
  parse?: boolean;
} = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 100 * 1024 * 1024,
    // Pooled clients keep their connection open: closing does not wait for them.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        try {
          messages.push({ envelope, raw, parsed: parse ? await simpleParser(raw) : undefined });
          for (const wake of waiters) wake();
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Connections dropped by a client being shut down are not the test's concern.
  server.on("error", () => {});
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    waitForMessages(count, timeoutMs = 15_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${messages.length} e-mail(s) reçu(s) sur ${count} attendus`));
        }, timeoutMs);
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
