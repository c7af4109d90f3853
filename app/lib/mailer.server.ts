import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/** One e-mail, ready to send. Callers go through the outbox (app/lib/outbox.server.ts). */
export type MailMessage = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Stable Message-ID ("<id@domain>"): a message sent twice can be recognised. */
  messageId?: string;
};

export interface Mailer {
  /** "smtp" sends over SMTP_URL; "file" writes .eml files under DATA_DIR/mail. */
  readonly kind: "smtp" | "file";
  /** Resolves once the message is accepted by the SMTP server (or written); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export type MailerConfig = { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string };

// Bounded waits: a stuck server must not hold a message (or the worker) for long.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer over SMTP_URL, or .eml files under DATA_DIR/mail when it is unset. */
export function createMailer(config: MailerConfig): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      pool: true,
      maxConnections: 5,
      ...SMTP_TIMEOUTS,
    });
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail(toNodemailer(message, config.MAIL_FROM));
      },
      close: () => transport.close(),
    };
  }

  const folder = path.join(config.DATA_DIR, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message, config.MAIL_FROM));
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const name = `${stamp}-${randomBytes(4).toString("hex")}.eml`;
      const target = path.join(folder, name);
      await writeFile(`${target}.tmp`, info.message as Buffer);
      await rename(`${target}.tmp`, target);
    },
    close() {},
  };
}

function toNodemailer(message: MailMessage, from: string): SendMailOptions {
  return {
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    attachments: message.attachments?.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
    // Never let nodemailer read a file or URL named in a message.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The domain of an address such as "Name <user@domain>", for Message-IDs. */
export function mailDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? "localhost";
}
