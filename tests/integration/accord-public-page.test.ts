import { desc, eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { QuoteDraftSchema, toDraftInput } from "#app/features/quotes/content.ts";
import { createQuote, getQuote, saveQuoteDraft } from "#app/features/quotes/quotes.server.ts";
import { sendQuote } from "#app/features/quotes/send.server.ts";
import { quoteTotals } from "#app/features/quotes/totals.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { createApp } from "#server/app.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { filledDraft, fillQuoteSettings, insertClient } from "#tests/helpers/quotes.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The client's page of a quote as the production server answers it (HTML and the
// `.data` answer of client navigations): none of the staff's figures reach the
// browser, and a later change of the hourly cost breaks nothing a sent quote shows.

const SITE = "http://localhost";
const HOURLY_COST = 4_500;

let services: AppServices;
let build: ServerBuild;
let clientDir: string;
let close: () => Promise<void>;
let app: ReturnType<typeof createApp>;
let staff: { cookie: string; userId: string; email: string };
let visitor = 0;

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  ({ services, close } = await openStaffTestServices("accord-public-page-", { SITE_URL: SITE }));
  app = createApp({ services, build, clientDir });
  staff = await signedInStaff(services, "staff", "accord-prod@batirade.test");
  await fillQuoteSettings(services.db, { hourlyCostCents: HOURLY_COST });
}, 600_000);
afterAll(() => close());

function request(url: string, init: RequestInit = {}) {
  visitor += 1;
  const headers = new Headers(init.headers);
  if (init.method && init.method !== "GET") headers.set("origin", SITE);
  return app.request(
    `${SITE}${url}`,
    { ...init, headers },
    {
      incoming: { socket: { remoteAddress: `10.9.0.${visitor}` } },
    },
  );
}

/** A quote whose lines carry labour hours and materials, sent: its id, token and the staff's figures. */
async function sentQuote(email: string, quantity = "12,5", materialsCents = 1_234_567) {
  const actor = { id: staff.userId, email: staff.email };
  const clientId = await insertClient(services.db, { email });
  const { id } = await createQuote(services.db, { clientId }, actor);
  const view = await getQuote(services.db, id);
  const draft = filledDraft(toDraftInput(view.quote.content));
  const content = QuoteDraftSchema.parse({
    ...draft,
    lots: draft.lots.map((lot) => ({
      ...lot,
      lines: lot.lines.map((line) =>
        line.kind === "item" ? { ...line, quantity, cost: { labourHours: 20_000, materialsCents } } : line,
      ),
    })),
  });
  await saveQuoteDraft(services.db, id, { revision: view.quote.revision, content }, actor);
  await sendQuote(
    services.db,
    { storage: services.storage, identity: await documentIdentity(services.db), siteUrl: SITE },
    id,
    actor,
  );
  const [mail] = await services.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, "quote.sent"))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(1);
  const token = /\/accord\/([A-Za-z0-9_-]+)/.exec(mail?.payload.text ?? "")?.[1] ?? "";
  expect(token).not.toBe("");
  return { id, token, staffFigures: quoteTotals(content, HOURLY_COST) };
}

describe("the client's page in production", () => {
  it("sends neither in its HTML nor in its .data answer any cost, margin, labour or materials", async () => {
    const { token, staffFigures } = await sentQuote("prod.projection@example.fr");
    expect(staffFigures.cost).not.toBeNull();
    const secrets = [
      staffFigures.cost,
      staffFigures.margin,
      staffFigures.marginRate,
      ...staffFigures.lots.flatMap((lot) => [lot.cost, lot.margin]),
    ].filter((value): value is number => typeof value === "number" && Math.abs(value) >= 1000);
    expect(secrets.length).toBeGreaterThan(2);
    for (const url of [`/accord/${token}`, `/accord/${token}.data`]) {
      const response = await request(url);
      expect(response.status, url).toBe(200);
      const body = await response.text();
      expect(body, url).toContain("Cloison BA13");
      for (const secret of [...secrets, 20_000, 1_234_567]) {
        expect(body, `${url}: ${secret}`).not.toContain(String(secret));
        expect(body, `${url}: ${secret}`).not.toContain(formatCents(secret));
      }
      expect(body, url).not.toMatch(/labourHours|materialsCents|marginRate|libraryItemId|"margin"|"cost"/);
    }
  });

  it("answers every page of a sent quote after the hourly cost is raised beyond what its lines could be costed at", async () => {
    // A million units of 20 hours each: costed at 45 €/h, beyond what a document carries at 1 000 €/h.
    const { id, token } = await sentQuote("prod.grandes@example.fr", "1000000", 0);
    await services.db
      .update(companySettings)
      .set({ hourlyCostCents: 100_000 })
      .where(eq(companySettings.id, 1));
    try {
      for (const url of [`/accord/${token}`, `/accord/${token}.data`, `/accord/${token}/pdf`]) {
        const response = await request(url);
        expect(response.status, url).toBe(200);
        await response.body?.cancel();
      }
      const asked = await request(`/accord/${token}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "code" }),
        headers: { accept: "text/html" },
      });
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain("Devis");
      const staffPage = await request(`/erp/devis/${id}`, { headers: { cookie: staff.cookie } });
      expect(staffPage.status).toBe(200);
      expect(await staffPage.text()).toContain("Coût horaire à l");
      const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
      expect(row?.status).toBe("envoye");
    } finally {
      await services.db
        .update(companySettings)
        .set({ hourlyCostCents: HOURLY_COST })
        .where(eq(companySettings.id, 1));
    }
  });
});
