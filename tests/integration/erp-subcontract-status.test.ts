import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suppliers } from "#app/db/schema/purchases.ts";
import { subcontracts } from "#app/db/schema/subcontracts.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { SUBCONTRACT_STATUS_MESSAGES } from "#app/features/purchases/subcontract-schema.ts";
import { contractsTotalHtCents } from "#app/features/purchases/vigilance.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/achats/sous-traitances/detail.tsx";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// A subcontract after it is entered, through its page's route on a real database: a signed
// contract is marked « Terminé », a draft or a signed one « Annulé » (it leaves the 12
// months' total the vigilance reads), each change in the histories; a closed contract, an
// unknown action or id are refused with a French message, a site worker never gets in.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
let siteId: string;
let supplierId: string;

const asStaff = routeCaller(() => ({ services, cookie: staff.cookie }));
const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));
const today = parisDay();

type Refusal = { message: string };

async function insertContract(status: "brouillon" | "signe", priceHtCents: number) {
  const [row] = await services.db
    .insert(subcontracts)
    .values({
      supplierId,
      jobSiteId: siteId,
      scope: "Électricité du rez-de-chaussée",
      priceHtCents,
      startOn: today,
      endOn: addDays(today, 20),
      signedOn: status === "signe" ? today : null,
      reverseCharge: true,
      status,
    })
    .returning({ id: subcontracts.id });
  if (!row) throw new Error("no contract");
  return row.id;
}

const post = (id: string, intent: string, call = asStaff) =>
  call(detailRoute.action, `/erp/achats/sous-traitances/${id}`, { form: { intent }, params: { id } });

const statusOf = async (id: string) =>
  (
    await services.db
      .select({ status: subcontracts.status })
      .from(subcontracts)
      .where(eq(subcontracts.id, id))
  )[0]?.status;

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-subcontract-status-"));
  const owner = await signedInStaff(services, "owner", "gerant@batirade.test");
  staff = await signedInStaff(services, "staff", "bureau@batirade.test");
  worker = await signedInStaff(services, "compagnon", "equipe@batirade.test");
  const clientId = await insertClient(services.db, { name: "Famille Revest", email: "revest@example.fr" });
  ({ id: siteId } = await createJobSite(
    services.db,
    { id: owner.userId, email: owner.email },
    clientId,
    jobSiteData({ title: "Extension Revest" }),
  ));
  const [row] = await services.db
    .insert(suppliers)
    .values({ kind: "sous_traitant", legalName: "Électricité du Revest", email: "elec@revest.test" })
    .returning({ id: suppliers.id });
  supplierId = row?.id as string;
});
afterAll(async () => close());

describe("a subcontract's status on its page", () => {
  it("marks a signed contract finished, then refuses to cancel it (409), the histories told", async () => {
    const id = await insertContract("signe", 450_000);
    const finished = await post(id, "terminer");
    expect(finished.status, JSON.stringify(finished.data)).toBe(303);
    expect(await statusOf(id)).toBe("termine");
    const history = await listActivity(services.db, "fournisseur", supplierId);
    expect(history.find((event) => event.kind === "subcontract_termine")?.summary).toMatch(
      /^Contrat de sous-traitance CH-\d{4}-\d{4} \(4\s500,00\s€ HT\) terminé$/,
    );
    const siteHistory = await listActivity(services.db, "chantier", siteId);
    expect(siteHistory.find((event) => event.kind === "subcontract_termine")?.summary).toMatch(
      /^Sous-traitance de Électricité du Revest \(4\s500,00\s€ HT\) terminé$/,
    );

    const again = await post(id, "annuler");
    expect(again.status).toBe(409);
    expect((again.data as Refusal).message).toBe(SUBCONTRACT_STATUS_MESSAGES.cancelClosed);
    expect(await statusOf(id)).toBe("termine");
  });

  it("cancels a draft, which then leaves the subcontractor's 12 months' total", async () => {
    const before = await contractsTotalHtCents(services.db, supplierId, today);
    const id = await insertContract("brouillon", 300_000);
    expect(await contractsTotalHtCents(services.db, supplierId, today)).toBe(before + 300_000);
    const finishDraft = await post(id, "terminer");
    expect(finishDraft.status).toBe(409);
    expect((finishDraft.data as Refusal).message).toBe(SUBCONTRACT_STATUS_MESSAGES.finishNotSigned);

    const cancelled = await post(id, "annuler");
    expect(cancelled.status, JSON.stringify(cancelled.data)).toBe(303);
    expect(await statusOf(id)).toBe("annule");
    expect(await contractsTotalHtCents(services.db, supplierId, today)).toBe(before);
    const page = await asStaff(detailRoute.loader, `/erp/achats/sous-traitances/${id}`, { params: { id } });
    const events = (page.data as { events: { kind: string }[] }).events.map((event) => event.kind);
    expect(events).toContain("subcontract_annule");
  });

  it("refuses an unknown action (400), an unknown contract (404) and a site worker", async () => {
    const id = await insertContract("signe", 100_000);
    const unknown = await post(id, "supprimer");
    expect(unknown.status).toBe(400);
    expect((unknown.data as Refusal).message).toBe(SUBCONTRACT_STATUS_MESSAGES.unknownIntent);
    const missing = await post("00000000-0000-4000-8000-000000000000", "annuler");
    expect(missing.status).toBe(404);
    const notAnId = await post("pas-un-id", "annuler");
    expect(notAnId.status).toBe(404);
    const byWorker = await post(id, "annuler", asWorker);
    expect(byWorker.status).toBe(403);
    expect(await statusOf(id)).toBe("signe");
  });
});
