import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "#app/db/schema/invoices.ts";
import type { CheckResult, RegisterOverview } from "#app/features/integrity-register/register.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { canonicalJson, sha256Of } from "#app/lib/integrity/canonical.ts";
import * as settingsRoute from "#app/routes/erp/parametres/index.tsx";
import * as registerRoute from "#app/routes/erp/parametres/registre.tsx";
import * as csvRoute from "#app/routes/erp/parametres/registre-csv.ts";
import { billingSteps, fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// « Paramètres › Registre d'intégrité » through its loader, its action and its CSV, on
// a quote sent and accepted and an invoice issued and paid. Who may open it (owners)
// is proved for every route by tests/integration/erp-route-guard.test.ts.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let invoiceId = "";
const call = routeCaller(() => ({ services, cookie: owner.cookie }));

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-registre-"));
  owner = await signedInStaff(services, "owner", "gerant-registre@batirade.test");
  await fillInvoiceSettings(services.db);
  const steps = billingSteps(services, { id: owner.userId, email: owner.email });
  const quote = await steps.acceptedQuote({ name: "Lucie Bernard" });
  invoiceId = await steps.invoice(quote, { kind: "solde" });
  await steps.pay(invoiceId, 10_000);
});
afterAll(() => close());

describe("/erp/parametres/registre", () => {
  it("shows what the register holds, its latest entries and the head hash", async () => {
    const outcome = await call(registerRoute.loader, "/erp/parametres/registre");
    expect(outcome.status).toBe(200);
    const { overview } = outcome.data as { overview: RegisterOverview };
    expect(overview.entries).toBe(4);
    expect(overview.byEvent.map((row) => [row.label, row.count])).toEqual([
      ["Devis accepté", 1],
      ["Devis envoyé", 1],
      ["Facture émise", 1],
      ["Paiement enregistré", 1],
    ]);
    expect(overview.latest.map((row) => [row.seq, row.event, row.author])).toEqual([
      [4, "Paiement enregistré", owner.email],
      [3, "Facture émise", owner.email],
      [2, "Devis accepté", owner.email],
      [1, "Devis envoyé", owner.email],
    ]);
    expect(overview.headHash).toMatch(/^[0-9a-f]{64}$/);
    const settings = await call(settingsRoute.loader, "/erp/parametres");
    expect((settings.data as { registerEntries: number }).registerEntries).toBe(4);
  });

  it("checks on « Vérifier maintenant »: intègre, then the altered invoice's entry named", async () => {
    const whole = await call(registerRoute.action, "/erp/parametres/registre", {
      form: { intent: "verifier" },
    });
    expect(whole.status).toBe(200);
    const ok = (whole.data as { check: CheckResult }).check;
    expect(ok).toMatchObject({ ok: true, problems: [], more: 0 });
    expect(ok.headline).toMatch(/^Registre intègre : 4 entrées, 3 fichiers vérifiés/);

    const row = await readInvoiceRow(services.db, invoiceId);
    await services.db.execute(sql`alter table invoices disable trigger user`);
    await services.db.update(invoices).set({ dueOn: "2099-01-01" }).where(eq(invoices.id, invoiceId));
    await services.db.execute(sql`alter table invoices enable trigger user`);
    const broken = (
      (await call(registerRoute.action, "/erp/parametres/registre", { form: { intent: "verifier" } }))
        .data as {
        check: CheckResult;
      }
    ).check;
    expect(broken.ok).toBe(false);
    expect(broken.headline).toBe("Registre altéré : 1 anomalie, la première en tête de liste.");
    expect(broken.problems).toEqual([
      `L'entrée n° 3 (Facture émise ${row.number}) : l'enregistrement a été modifié dans la base de données depuis son émission.`,
    ]);
    await services.db.execute(sql`alter table invoices disable trigger user`);
    await services.db.update(invoices).set({ dueOn: row.dueOn }).where(eq(invoices.id, invoiceId));
    await services.db.execute(sql`alter table invoices enable trigger user`);
  });

  it("refuses an unknown intent with a French message", async () => {
    const outcome = await call(registerRoute.action, "/erp/parametres/registre", {
      form: { intent: "effacer" },
    });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({ ok: false, message: "Action inconnue." });
  });

  it("downloads the whole register as CSV, whose chain anyone can recompute", async () => {
    const outcome = await call(csvRoute.loader, "/erp/parametres/registre.csv");
    const response = outcome.data as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="registre-integrite-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    // UTF-8 with its byte-order mark, for a French spreadsheet.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = bytes
      .subarray(3)
      .toString("utf8")
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(";"));
    expect(header).toEqual([
      "N°",
      "Date",
      "Heure (Paris)",
      "Événement",
      "Document",
      "Auteur",
      "Identifiant de l'enregistrement",
      "SHA-256 de l'enregistrement",
      "Fichier",
      "SHA-256 du fichier",
      "SHA-256 du XML Factur-X",
      "Empreinte précédente",
      "Empreinte",
      "Horodatage (UTC)",
    ]);
    expect(rows).toHaveLength(4);
    // From the CSV alone: each « Empreinte » is the SHA-256 of the entry's fields and the one before.
    let previous = "0".repeat(64);
    for (const cells of rows) {
      const [
        seq,
        ,
        ,
        ,
        number,
        author,
        subjectId,
        recordSha256,
        fileKey,
        fileSha256,
        xmlSha256,
        previousHash,
        hash,
        at,
      ] = cells as string[];
      expect(previousHash).toBe(previous);
      const event = {
        "Devis envoyé": "devis_envoye",
        "Devis accepté": "devis_accepte",
        "Facture émise": "facture_emise",
        "Paiement enregistré": "paiement",
      }[cells[3] as string];
      const recomputed = sha256Of(
        canonicalJson({
          seq: Number(seq),
          recordedAt: at,
          event,
          subjectId,
          number,
          authorId: owner.userId,
          authorLabel: author,
          recordSha256,
          fileKey: fileKey || null,
          fileSha256: fileSha256 || null,
          xmlSha256: xmlSha256 || null,
          previousHash,
        }),
      );
      expect(recomputed).toBe(hash);
      previous = hash as string;
    }
  });
});
