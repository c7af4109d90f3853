import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/chantiers/detail.tsx";
import * as receiptRoute from "#app/routes/erp/chantiers/justificatif.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// « Autres dépenses » with their receipt (« justificatif »): a phone photo or a PDF,
// checked by its bytes, stored, served to the office only, deleted with its expense; a
// file that is not what it says is refused and nothing is stored.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let siteId: string;

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-receipts-"));
  staff = await signedInStaff(services, "staff", "justificatifs@batirade.test");
  const clientId = await insertClient(services.db, { name: "Famille Ticket", email: "ticket@example.fr" });
  ({ id: siteId } = await createJobSite(services.db, { id: staff.userId, email: staff.email }, clientId, {
    title: "Salle d'eau Ticket",
    siteStreet: "",
    sitePostalCode: "83000",
    siteCity: "Toulon",
    accessCode: "",
    keys: "",
    contactName: "",
    contactPhone: "",
    parking: "",
    constraints: "",
    notes: "",
    plannedStart: null,
    plannedEnd: null,
    actualStart: null,
    actualEnd: null,
  }));
});
afterAll(async () => close());

function expenseForm(receipt?: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "depense",
    spentOn: parisDay(),
    label: "Location de nacelle",
    amountHt: "180",
    vatCode: "20",
    lotId: "",
  }))
    form.set(name, value);
  if (receipt) form.set("receipt", receipt);
  return form;
}

const post = (form: FormData) =>
  call(detailRoute.action, `/erp/chantiers/${siteId}`, {
    method: "POST",
    body: form,
    params: { id: siteId },
  });

async function expenses() {
  const outcome = await call(detailRoute.loader, `/erp/chantiers/${siteId}`, { params: { id: siteId } });
  return (outcome.data as Awaited<ReturnType<typeof detailRoute.loader>>).site.expenses;
}

describe("an expense's receipt", () => {
  it("stores a phone photo with its expense, serves it to the office, and deletes it with the expense", async () => {
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#eee" } })
      .jpeg()
      .toBuffer();
    const before = (await services.storage.list()).length;
    const added = await post(
      expenseForm(new File([new Uint8Array(photo)], "ticket.jpg", { type: "image/jpeg" })),
    );
    expect(added.status, JSON.stringify(added.data)).toBe(303);
    const [expense] = await expenses();
    expect(expense).toMatchObject({ label: "Location de nacelle", hasReceipt: true });
    expect((await services.storage.list()).length).toBe(before + 1);

    const served = await call(
      receiptRoute.loader,
      `/erp/chantiers/${siteId}/depenses/${expense?.id}/justificatif`,
      {
        params: { id: siteId, expenseId: expense?.id ?? "" },
      },
    );
    expect(served.status).toBe(200);
    const response = served.data as Response;
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);

    // Another site's id, or an expense without receipt: 404.
    const elsewhere = await call(
      receiptRoute.loader,
      `/erp/chantiers/00000000-0000-4000-8000-000000000000/depenses/${expense?.id}/justificatif`,
      { params: { id: "00000000-0000-4000-8000-000000000000", expenseId: expense?.id ?? "" } },
    );
    expect(elsewhere.status).toBe(404);

    const deleted = await post(
      (() => {
        const form = new FormData();
        form.set("intent", "supprimer-depense");
        form.set("expenseId", expense?.id ?? "");
        return form;
      })(),
    );
    expect(deleted.status).toBe(303);
    expect((await services.storage.list()).length).toBe(before);
  });

  it("refuses a text file named .jpg and an image named .pdf, storing neither the expense nor the file", async () => {
    const before = (await services.storage.list()).length;
    const count = (await expenses()).length;
    const text = await post(expenseForm(new File(["pas une image"], "ticket.jpg", { type: "image/jpeg" })));
    expect(text.status).toBe(415);
    const refusal = text.data as { fieldErrors?: Record<string, string[]>; values?: Record<string, string> };
    expect(refusal.fieldErrors?.receipt?.[0]).toMatch(/ni un PDF, ni une image JPEG ou PNG/);
    expect(refusal.values?.label).toBe("Location de nacelle");
    expect(refusal.values?.receipt).toBeUndefined();

    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const disguised = await post(
      expenseForm(new File([new Uint8Array(png)], "facture.pdf", { type: "application/pdf" })),
    );
    expect(disguised.status).toBe(415);
    expect((await expenses()).length).toBe(count);
    expect((await services.storage.list()).length).toBe(before);
  });

  it("drops the stored receipt when the expense itself is refused", async () => {
    const before = (await services.storage.list()).length;
    const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#abc" } })
      .jpeg()
      .toBuffer();
    const form = expenseForm(new File([new Uint8Array(photo)], "ticket.jpg", { type: "image/jpeg" }));
    form.set("lotId", "00000000-0000-4000-8000-000000000000");
    const refused = await post(form);
    expect(refused.status).toBe(400);
    expect((await services.storage.list()).length).toBe(before);
  });
});
