import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import type { AppServices } from "#app/lib/app-context.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";
import { testEnv, testServices } from "./services.ts";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server.ts";

/**
 * Application services whose mail goes to a real SMTP server on loopback and whose log
 * lines are kept for the test to read: what every test of outgoing e-mail starts from.
 */
export type MailTestServices = {
  database: TestDatabase;
  smtp: TestSmtpServer;
  services: AppServices;
  /** The JSON lines the logger wrote (info and above). */
  logLines: string[];
  dataDir: string;
  close: () => Promise<void>;
};

export async function startMailTestServices(
  name: string,
  env: Record<string, string> = {},
): Promise<MailTestServices> {
  const database = await createTestDatabase();
  const smtp = await startSmtpServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), `batirade-${name}-`));
  const logLines: string[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(String(chunk));
        callback();
      },
    }),
  );
  const services: AppServices = {
    ...testServices(database, testEnv({ DATA_DIR: dataDir, SMTP_URL: smtp.url, ...env })),
    logger,
  };
  return {
    database,
    smtp,
    services,
    logLines,
    dataDir,
    close: async () => {
      services.mailer.close();
      await smtp.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
