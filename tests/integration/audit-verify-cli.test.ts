import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { billingSteps, fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { testServices } from "#tests/helpers/services.ts";
import { signedInStaff, staffTestEnv } from "#tests/helpers/staff.ts";

// `npm run audit:verify` as the owner's IT helper runs it, on an embedded database in a
// DATA_DIR no server holds: « intègre » with the counts and exit 0, then, after a total
// was changed behind the freeze trigger, the entry named and exit 1.

const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-audit-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function auditVerify() {
  const result = spawnSync(process.execPath, ["scripts/audit-verify.ts"], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, DATABASE_URL: "" },
    timeout: 120_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** The data directory's database, opened by this process for the time of `work`. */
async function withDatabase<T>(work: (services: ReturnType<typeof testServices>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await work(
      testServices({ ...database, cleanup: database.close }, staffTestEnv({ DATA_DIR: dataDir })),
    );
  } finally {
    await database.close();
  }
}

describe("npm run audit:verify", () => {
  it("says « intègre » with the counts, then names the entry of a total changed by SQL", async () => {
    const invoiceId = await withDatabase(async (services) => {
      const staff = await signedInStaff(services, "owner", "audit@batirade.test");
      await fillInvoiceSettings(services.db);
      const steps = billingSteps(services, { id: staff.userId, email: staff.email });
      const quote = await steps.acceptedQuote({ name: "Marc Olivier" });
      return steps.invoice(quote, { kind: "solde" });
    });

    const whole = auditVerify();
    expect(whole.err).toBe("");
    expect(whole.status).toBe(0);
    expect(whole.out).toMatch(
      /^Registre intègre : 3 entrées, 3 fichiers vérifiés \(devis envoyé : 1, devis accepté : 1, facture émise : 1\)\.\n- empreinte de la dernière entrée : [0-9a-f]{64}\n$/,
    );

    const number = await withDatabase(async (services) => {
      const row = await readInvoiceRow(services.db, invoiceId);
      await services.db.execute(sql`alter table invoices disable trigger user`);
      await services.db
        .update(invoices)
        .set({ netToPayCents: row.netToPayCents + 1 })
        .where(eq(invoices.id, invoiceId));
      await services.db.execute(sql`alter table invoices enable trigger user`);
      return row.number;
    });
    const altered = auditVerify();
    expect(altered.status).toBe(1);
    expect(altered.out.split("\n")[0]).toBe(
      `Registre altéré : 1 anomalie. Première : L'entrée n° 3 (Facture émise ${number}) : l'enregistrement a été modifié dans la base de données depuis son émission.`,
    );
  }, 180_000);
});
