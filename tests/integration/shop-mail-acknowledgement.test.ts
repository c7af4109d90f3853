import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { shopOrders, shopProducts, shopVariants } from "#app/db/schema/shop.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { deliverDueMail } from "#app/lib/outbox.server.ts";
import { action as devisAction } from "#app/routes/site/devis.tsx";
import { seedDemoContent } from "#server/seed.ts";
import type { TestDatabase } from "#tests/helpers/db.ts";
import { type MailTestServices, startMailTestServices } from "#tests/helpers/mail-services.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { checkoutBody, postCheckout } from "#tests/helpers/shop.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";

// The shop's confirmation goes to an address typed by an anonymous buyer (a manual
// order needs no payment): it repeats nothing the buyer typed, and shares the
// recipient's daily limit of acknowledgements with the quote form.

const NOTIFY = "boutique@batirade.test";
const BUYER = "victime@example.fr";
const MARK = "Zq7Xw";
let database: TestDatabase;
let smtp: TestSmtpServer;
let services: AppServices;
let logLines: string[];
let mail: MailTestServices;

beforeAll(async () => {
  mail = await startMailTestServices("shop-mail", { NOTIFY_EMAIL: NOTIFY, QUOTE_RATE_LIMIT: "0" });
  ({ database, smtp, services, logLines } = mail);
  await seedDemoContent(database.db);
});
afterAll(async () => {
  await mail.close();
});
beforeEach(async () => {
  await database.db.delete(outboxMessages);
  await database.db.delete(rateLimitHits);
  smtp.messages.length = 0;
  logLines.length = 0;
});

const VARIANT = "truelle-macon--standard";
const customer = { name: `Mallory ${MARK}nom`, email: BUYER, phone: "06 98 76 54 32" };
const delivery = {
  method: "delivery",
  address: { line1: `3 impasse ${MARK}adresse`, postalCode: "83200", city: `Toulon ${MARK}ville` },
};

async function order(overrides: Record<string, unknown> = {}) {
  const answer = await postCheckout(
    services,
    checkoutBody([{ variant_id: VARIANT, quantity: 2 }], { customer, fulfilment: delivery, ...overrides }),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function catalogueTitle(): Promise<string> {
  const [row] = await database.db
    .select({ title: shopProducts.title })
    .from(shopVariants)
    .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
    .where(eq(shopVariants.id, VARIANT));
  if (!row) throw new Error("produit de démonstration absent");
  return row.title;
}

async function deliverAll(expected: number) {
  const report = await deliverDueMail(services, { batchSize: 50 });
  expect(report.sent).toBe(expected);
  return smtp.waitForMessages(expected);
}

const confirmations = () =>
  smtp.messages.filter(
    (mail) => mail.envelope.to.includes(BUYER) && mail.parsed?.subject?.includes("commande"),
  );
const notifications = () => smtp.messages.filter((mail) => mail.envelope.to.includes(NOTIFY));

describe("the order confirmation repeats nothing the buyer typed", () => {
  it("no name, phone nor address; the number, the lines as priced by the server, totals, delivery, how to pay", async () => {
    await order();
    await deliverAll(2);
    const [confirmation] = confirmations();
    const [notification] = notifications();
    if (!confirmation?.parsed || !notification?.parsed) throw new Error("e-mail manquant");

    const raw = confirmation.raw.toString("utf8");
    const text = confirmation.parsed.text ?? "";
    const html = String(confirmation.parsed.html);
    for (const typed of [MARK, "Mallory", "impasse", "06 98 76 54 32"]) {
      expect(raw, typed).not.toContain(typed);
      expect(confirmation.parsed.subject, typed).not.toContain(typed);
    }
    for (const typed of [MARK, "Mallory", "impasse", "06 98 76 54 32", "83200"]) {
      expect(text, typed).not.toContain(typed);
      expect(html, typed).not.toContain(typed);
    }
    const [stored] = await database.db.select().from(shopOrders).where(eq(shopOrders.customerEmail, BUYER));
    expect(text).toContain("Bonjour,");
    expect(text).toMatch(/Commande CMD-\d{6}/);
    expect(text).toContain(`2 × ${await catalogueTitle()}`);
    expect(text).toContain("Total TTC");
    expect(stored?.totalCents).toBeGreaterThan(0);
    expect(text).toContain("Livraison dans le Var");
    expect(text).toContain("Paiement par virement");

    // The company's notice keeps the buyer's details.
    for (const typed of [`Mallory ${MARK}nom`, `3 impasse ${MARK}adresse`, "06 98 76 54 32", BUYER]) {
      expect(notification.parsed.text, typed).toContain(typed);
    }
  });
});

describe("acknowledgements per recipient, quotes and orders together", () => {
  async function quote() {
    const body = new FormData();
    for (const [name, value] of Object.entries({
      user_name: "Marie Dupont",
      user_email: BUYER,
      user_phone: "06 12 34 56 78",
      work_type: "Isolation thermique",
      message: "Isolation des combles perdus, 80 m².",
      consent: "on",
      source: "modal",
      js: "1",
    })) {
      body.set(name, value);
    }
    const result = (await devisAction({
      request: new Request("http://localhost/devis", { method: "POST", body }),
      params: {},
      context: routerContext(services, "203.0.113.30"),
      unstable_pattern: "/devis",
    } as never)) as { init?: ResponseInit | null };
    expect(result.init?.status ?? 200).toBe(200);
  }

  it("after two quotes and an order, a 4th within 24 h: the order is stored, the company told, the buyer not", async () => {
    await quote();
    await quote();
    await order({ fulfilment: { method: "pickup" } });
    const before = (await database.db.select().from(shopOrders)).length;
    await order();
    expect(await database.db.select().from(shopOrders)).toHaveLength(before + 1);

    // 3 acknowledgements (2 quotes, 1 order), 4 notices to the company.
    await deliverAll(7);
    const toBuyer = smtp.messages.filter((mail) => mail.envelope.to.includes(BUYER));
    expect(toBuyer).toHaveLength(3);
    expect(confirmations()).toHaveLength(1);
    expect(notifications()).toHaveLength(4);
    const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(
      logged.filter(
        (entry) => entry.level === 30 && entry.msg.includes("confirmation au client non envoyée"),
      ),
    ).toHaveLength(1);
  });
});
