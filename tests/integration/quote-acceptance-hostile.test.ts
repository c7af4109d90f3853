import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents } from "#app/db/schema/activity.ts";
import { clients } from "#app/db/schema/clients.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { quoteDecisions, quoteLinks, quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import type { QuoteDraftInput, QuoteItemLineInput } from "#app/features/quotes/content.ts";
import { quoteTotals, tryQuoteTotals } from "#app/features/quotes/totals.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import * as clientRoute from "#app/routes/erp/clients/detail.tsx";
import * as detailRoute from "#app/routes/erp/devis/detail.tsx";
import * as newRoute from "#app/routes/erp/devis/nouveau.tsx";
import * as pageRoute from "#app/routes/site/accord.tsx";
import * as filesRoute from "#app/routes/site/accord-pdf.ts";
import { jpeg } from "#tests/helpers/leads.ts";
import { filledDraft, fillQuoteSettings, insertClient } from "#tests/helpers/quotes.ts";
import { type RouteCallInit, routeArgs, routeOutcome } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// What a hostile visitor found on the client's side of a quote (issue 23), through the
// routes' own loaders and actions: the client's page holds none of the staff's figures,
// a code goes only to the address of the link in hand, an anonymised client's quotes
// close, a later hourly cost breaks no sent quote, typed names and reasons refuse
// control characters, and a quote below zero cannot be sent.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let owner: { cookie: string; userId: string; email: string };
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1";
const HOURLY_COST = 4_500;

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("quote-acceptance-hostile-", {
    NOTIFY_EMAIL: "bureau@batirade.test",
  }));
  staff = await signedInStaff(services, "staff", "hostile-devis@batirade.test");
  owner = await signedInStaff(services, "owner", "hostile-gerant@batirade.test");
  await fillQuoteSettings(services.db, { hourlyCostCents: HOURLY_COST });
});
afterAll(() => close());

type Handler = (args: never) => Promise<unknown>;

function staffCall(handler: Handler, url: string, init: RouteCallInit = {}, who = staff) {
  return routeOutcome(() => handler(routeArgs(services, url, { cookie: who.cookie, ...init }) as never));
}

function clientCall(handler: Handler, token: string, init: RouteCallInit = {}, suffix = "") {
  return routeOutcome(() =>
    handler(
      routeArgs(services, `/accord/${token}${suffix}`, {
        ip: "203.0.113.9",
        headers: { "user-agent": BROWSER },
        params: { token },
        ...init,
      }) as never,
    ),
  );
}

async function mails(kind: string) {
  return services.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, kind))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
}

function tokenOf(text: string | undefined): string {
  const token = /\/accord\/([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1];
  if (!token) throw new Error("lien introuvable dans l'e-mail");
  return token;
}

type DetailData = Awaited<ReturnType<typeof detailRoute.loader>>;
type PageData = Awaited<ReturnType<typeof pageRoute.loader>>;

/** A draft of a new client, saved through the editor's route. */
async function savedDraft(
  email: string,
  edit: (draft: QuoteDraftInput) => QuoteDraftInput = (draft) => draft,
): Promise<{ id: string; clientId: string }> {
  const clientId = await insertClient(services.db, { email });
  const created = await staffCall(newRoute.action, "/erp/devis/nouveau", { form: { clientId } });
  const id = (created.headers.get("location") ?? "").split("/").pop() ?? "";
  const page = (await staffCall(detailRoute.loader, `/erp/devis/${id}`, { params: { id } }))
    .data as DetailData;
  const saved = await staffCall(detailRoute.action, `/erp/devis/${id}`, {
    params: { id },
    form: {
      intent: "enregistrer",
      revision: String(page.quote.revision),
      draft: JSON.stringify(edit(filledDraft(page.draft as QuoteDraftInput))),
    },
  });
  expect(saved.status, JSON.stringify(saved.data)).toBe(200);
  return { id, clientId };
}

function send(id: string) {
  return staffCall(detailRoute.action, `/erp/devis/${id}`, {
    params: { id },
    form: { intent: "envoyer", confirmation: "oui" },
  });
}

/** A sent quote and the token of its link. */
async function sentQuote(
  email: string,
  edit?: (draft: QuoteDraftInput) => QuoteDraftInput,
): Promise<{ id: string; clientId: string; token: string }> {
  const { id, clientId } = await savedDraft(email, edit);
  const sent = await send(id);
  expect(sent.status, JSON.stringify(sent.data)).toBe(303);
  const [mail] = (await mails("quote.sent")).filter((row) => row.payload.to === email);
  return { id, clientId, token: tokenOf(mail?.payload.text) };
}

async function requestCode(token: string) {
  return clientCall(pageRoute.action, token, { form: { intent: "code" } });
}

async function lastCode(to: string): Promise<string> {
  const [mail] = (await mails("quote.code")).filter((row) => row.payload.to === to);
  const code = /\b(\d{6})\b/.exec(mail?.payload.text ?? "")?.[1];
  if (!code) throw new Error(`aucun code envoyé à ${to}`);
  return code;
}

function accept(token: string, fields: Record<string, string>) {
  return clientCall(pageRoute.action, token, {
    form: {
      intent: "accepter",
      bonPourAccord: "oui",
      certification: "oui",
      name: "Élodie Garnier",
      ...fields,
    },
  });
}

async function statusOf(id: string) {
  const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
  return row?.status;
}

/** Costs the staff keep for themselves on every line: labour hours and materials. */
function withCosts(draft: QuoteDraftInput): QuoteDraftInput {
  return {
    ...draft,
    lots: draft.lots.map((lot) => ({
      ...lot,
      lines: lot.lines.map((line) =>
        line.kind === "item" ? { ...line, cost: { labourHours: 3_217, materialsCents: 1_234_567 } } : line,
      ),
    })),
  };
}

/** Every key path of a value, arrays as `[]`: « content.lots[].lines[].designation ». */
function keyPaths(value: unknown, prefix = ""): Set<string> {
  const paths = new Set<string>();
  if (Array.isArray(value)) {
    for (const item of value) for (const key of keyPaths(item, `${prefix}[]`)) paths.add(key);
  } else if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    for (const [key, child] of Object.entries(value)) {
      const here = prefix ? `${prefix}.${key}` : key;
      paths.add(here);
      for (const nested of keyPaths(child, here)) paths.add(nested);
    }
  }
  return paths;
}

/** Every key the client's page may send: the quote's own text and figures, nothing else. */
const PUBLIC_KEYS = new Set([
  "token",
  "state",
  "displayNumber",
  "clientName",
  "validUntil",
  "sentTo",
  "decision",
  "decision.decision",
  "decision.at",
  "decision.name",
  "decision.signedCopySha256",
  "decision.hasSignedCopy",
  "content",
  "content.title",
  "content.description",
  "content.site",
  "content.site.street",
  "content.site.postalCode",
  "content.site.city",
  "content.reverseCharge",
  "content.offPremises",
  "content.lots",
  "content.lots[].id",
  "content.lots[].title",
  "content.lots[].lines",
  "content.lots[].lines[].id",
  "content.lots[].lines[].kind",
  "content.lots[].lines[].text",
  "content.lots[].lines[].designation",
  "content.lots[].lines[].description",
  "content.lots[].lines[].unit",
  "content.lots[].lines[].quantity",
  "content.lots[].lines[].unitPriceHt",
  "content.lots[].lines[].vatCode",
  "content.lots[].lines[].optional",
  "content.discount",
  "content.discount.kind",
  "content.discount.basisPoints",
  "content.discount.cents",
  "content.travel",
  "content.travel.amountHt",
  "content.travel.vatCode",
  "content.terms",
  "content.terms.validityDays",
  "content.terms.startOn",
  "content.terms.duration",
  "content.terms.deposit",
  "content.terms.deposit.kind",
  "content.terms.deposit.basisPoints",
  "content.terms.deposit.cents",
  "content.terms.depositSchedule",
  "content.terms.paymentTerms",
  "content.terms.paid",
  "content.terms.priceCents",
  "content.terms.noteToClient",
  "content.terms.retention",
  "content.terms.retention.basisPoints",
  "content.terms.retention.bankGuarantee",
  "totals",
  ...["totals", "totals.optional"].flatMap((group) => [
    `${group}.byRate`,
    `${group}.byRate[].code`,
    `${group}.byRate[].basisPoints`,
    `${group}.byRate[].linesHt`,
    `${group}.byRate[].discountHt`,
    `${group}.byRate[].ht`,
    `${group}.byRate[].vat`,
    `${group}.linesHt`,
    `${group}.discountHt`,
    `${group}.totalHt`,
    `${group}.totalVat`,
    `${group}.totalTtc`,
  ]),
  "totals.optional",
  "totals.lots",
  "totals.lots[].id",
  "totals.lots[].subtotalHt",
  "totals.lots[].optionalHt",
  "totals.travelHt",
  "totals.depositTtc",
  "mentions",
  "mentions.price",
  "mentions.certifications",
  "mentions.needsRge",
  "mentions.reverseCharge",
  "mentions.withdrawal",
  "mentions.offPremises",
]);

describe("the client's page holds only the quote's own figures", () => {
  it("lists no key beyond the client's projection, and none of the staff's cost values", async () => {
    const { id, token } = await sentQuote("projection@example.fr", (draft) => ({
      ...withCosts(draft),
      discount: { kind: "percent", value: "5" },
      travel: { amountHt: "45", vatCode: "10" },
      terms: { ...draft.terms, deposit: { kind: "percent", value: "30" } },
    }));
    const page = await clientCall(pageRoute.loader, token);
    expect(page.status).toBe(200);
    const paths = keyPaths(page.data);
    const extra = [...paths].filter((key) => !PUBLIC_KEYS.has(key));
    expect(extra).toEqual([]);
    expect(paths).toContain("content.lots[].lines[].unitPriceHt");
    expect(paths).toContain("totals.byRate[].vat");

    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    const staffFigures = quoteTotals(row?.content ?? (undefined as never), HOURLY_COST);
    expect(staffFigures.cost).not.toBeNull();
    const secrets = [
      staffFigures.cost,
      staffFigures.margin,
      staffFigures.marginRate,
      ...staffFigures.lots.flatMap((lot) => [lot.cost, lot.margin]),
    ].filter((value): value is number => typeof value === "number" && Math.abs(value) >= 1000);
    const json = JSON.stringify(page.data);
    for (const secret of [...secrets, 3_217, 1_234_567]) {
      expect(json).not.toContain(String(secret));
      expect(json).not.toContain(formatCents(secret));
    }
    expect(json).not.toMatch(/labourHours|materialsCents|margin|"cost"|libraryItemId/);
  });
});

describe("a code goes only to the address of the link in hand", () => {
  it("after a corrected address and « Renvoyer », the first link is closed and the code goes to the new address", async () => {
    const { id, clientId, token: first } = await sentQuote("ancienne@example.fr");
    await services.db.update(clients).set({ email: "nouvelle@example.fr" }).where(eq(clients.id, clientId));
    const resent = await staffCall(detailRoute.action, `/erp/devis/${id}`, {
      params: { id },
      form: { intent: "renvoyer", confirmation: "oui" },
    });
    expect(resent.status, JSON.stringify(resent.data)).toBe(303);
    const [mail] = (await mails("quote.resent")).filter((row) => row.payload.to === "nouvelle@example.fr");
    const second = tokenOf(mail?.payload.text);

    // The first link no longer opens the form: its page says it is no longer valid.
    const old = await clientCall(pageRoute.loader, first);
    expect(old.status).toBe(200);
    expect((old.data as PageData).state).toBe("expire");
    const codesBefore = (await mails("quote.code")).length;
    const oldCode = await requestCode(first);
    expect(oldCode.status).toBe(409);
    expect((oldCode.data as { message: string }).message).toMatch(/expiré/);
    expect((await mails("quote.code")).length).toBe(codesBefore);
    expect((await clientCall(pageRoute.action, first, { form: { intent: "refuser" } })).status).toBe(409);

    // The new link sends its code to the new address, and only there.
    const fresh = await clientCall(pageRoute.loader, second);
    expect((fresh.data as PageData).state).toBe("ouvert");
    expect((fresh.data as PageData).sentTo).toBe("n******@example.fr");
    const asked = await requestCode(second);
    expect(asked.status, JSON.stringify(asked.data)).toBe(200);
    const [sentCode] = await mails("quote.code");
    expect(sentCode?.payload.to).toBe("nouvelle@example.fr");
    const code = await lastCode("nouvelle@example.fr");
    // Whoever holds the old mailbox cannot accept with the old link, even with the right code.
    expect((await accept(first, { code })).status).toBe(409);
    expect(await statusOf(id)).toBe("envoye");
    const accepted = await accept(second, { code });
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
    const [decision] = await services.db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id));
    expect(decision?.signerEmail).toBe("nouvelle@example.fr");
  });
});

describe("an anonymised client's quotes close", () => {
  it("closes the links, sends no code, and the erased address appears nowhere on the quote's page", async () => {
    const erased = "effacee.cliente@example.fr";
    const { id, clientId, token } = await sentQuote(erased);
    // A code asked before the erasure must not work after it.
    expect((await requestCode(token)).status).toBe(200);
    const code = await lastCode(erased);
    const anonymised = await staffCall(
      clientRoute.action,
      `/erp/clients/${clientId}`,
      { params: { id: clientId }, form: { intent: "anonymiser", confirmation: "oui" } },
      owner,
    );
    expect(anonymised.status, JSON.stringify(anonymised.data)).toBe(303);

    const page = await clientCall(pageRoute.loader, token);
    expect(page.status).toBe(200);
    expect((page.data as PageData).state).toBe("expire");
    expect(JSON.stringify(page.data)).not.toContain("example.fr");
    const codesBefore = (await mails("quote.code")).length;
    const asked = await requestCode(token);
    expect(asked.status).toBeGreaterThanOrEqual(400);
    expect(asked.status).toBeLessThan(500);
    expect((await mails("quote.code")).length).toBe(codesBefore);
    const accepted = await accept(token, { code });
    expect(accepted.status).toBe(409);
    expect((await clientCall(pageRoute.action, token, { form: { intent: "refuser" } })).status).toBe(409);
    expect(await statusOf(id)).toBe("envoye");

    const staffPage = await staffCall(detailRoute.loader, `/erp/devis/${id}`, { params: { id } });
    expect(staffPage.status).toBe(200);
    const staffJson = JSON.stringify(staffPage.data);
    expect(staffJson).not.toContain(erased);
    expect((staffPage.data as DetailData).quote.sentTo).toBe("Adresse e-mail anonymisée");
    const stored = await services.db
      .select({ sentTo: quoteLinks.sentTo })
      .from(quoteLinks)
      .where(eq(quoteLinks.quoteId, id));
    expect(stored.map((link) => link.sentTo)).toEqual(["Adresse e-mail anonymisée"]);
    const [history] = await services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.subjectId, id),
          sql`(${activityEvents.summary} || coalesce(${activityEvents.data}::text, '') || coalesce(${activityEvents.actorEmail}, '')) like ${`%${erased}%`}`,
        ),
      );
    expect(history?.n).toBe(0);
  });
});

describe("a later change of the hourly cost breaks no sent quote", () => {
  /** A million units of 20 hours each: costed at 45 €/h, beyond what a document carries at 1 000 €/h. */
  const large = (draft: QuoteDraftInput): QuoteDraftInput => ({
    ...draft,
    lots: draft.lots.map((lot, index) =>
      index === 0
        ? {
            ...lot,
            lines: lot.lines.map((line) =>
              line.kind === "item"
                ? ({
                    ...line,
                    quantity: "1000000",
                    unitPriceHt: "1",
                    cost: { labourHours: 20_000, materialsCents: 0 },
                  } satisfies QuoteItemLineInput)
                : line,
            ),
          }
        : lot,
    ),
  });

  it("the client's page, its PDF, the code, the acceptance and the staff's page answer with the figures frozen at sending", async () => {
    const { id, token } = await sentQuote("grandes.quantites@example.fr", large);
    const before = (await staffCall(detailRoute.loader, `/erp/devis/${id}`, { params: { id } }))
      .data as DetailData;
    const draft = await savedDraft("brouillon.grand@example.fr", large);

    await services.db
      .update(companySettings)
      .set({ hourlyCostCents: 100_000 })
      .where(eq(companySettings.id, 1));
    try {
      const page = await clientCall(pageRoute.loader, token);
      expect(page.status).toBe(200);
      expect((page.data as PageData).totals.totalHt).toBe(before.totals.totalHt);
      const pdf = await clientCall(filesRoute.loader, token, {}, "/pdf");
      expect(pdf.status).toBe(200);
      const staffPage = await staffCall(detailRoute.loader, `/erp/devis/${id}`, { params: { id } });
      expect(staffPage.status).toBe(200);
      // The staff's cost and margin are those frozen at sending, at 45 €/h.
      expect(before.costing?.hourlyCostCents).toBe(HOURLY_COST);
      expect(before.costing?.cost).toBe(quoteTotals(before.quote.content, HOURLY_COST).cost);
      expect((staffPage.data as DetailData).costing).toEqual(before.costing);

      // A draft that can no longer be costed opens in its editor, which says why.
      const draftPage = await staffCall(detailRoute.loader, `/erp/devis/${draft.id}`, {
        params: { id: draft.id },
      });
      expect(draftPage.status).toBe(200);
      const draftData = draftPage.data as DetailData;
      const [draftRow] = await services.db.select().from(quotes).where(eq(quotes.id, draft.id));
      const editorFigures = tryQuoteTotals(draftRow?.content ?? (undefined as never), 100_000);
      expect(editorFigures.ok).toBe(false);
      expect(draftData.company.hourlyCostCents).toBe(100_000);

      const asked = await requestCode(token);
      expect(asked.status, JSON.stringify(asked.data)).toBe(200);
      const accepted = await accept(token, { code: await lastCode("grandes.quantites@example.fr") });
      expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
      expect(await statusOf(id)).toBe("accepte");
      const acceptedPage = await staffCall(detailRoute.loader, `/erp/devis/${id}`, { params: { id } });
      expect(acceptedPage.status).toBe(200);
    } finally {
      await services.db
        .update(companySettings)
        .set({ hourlyCostCents: HOURLY_COST })
        .where(eq(companySettings.id, 1));
    }
  });
});

describe("control characters on the three typed texts", () => {
  it("refuses them in the acceptance name and the refusal reason, storing nothing", async () => {
    const { id, token } = await sentQuote("controle@example.fr");
    expect((await requestCode(token)).status).toBe(200);
    const code = await lastCode("controle@example.fr");
    for (const name of [
      "Élodie\u0000Garnier",
      "Élodie\u0007Garnier",
      "Élodie\nGarnier",
      "Élodie\u001bGarnier",
    ]) {
      const refused = await accept(token, { code, name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.data).toMatchObject({
        ok: false,
        field: "name",
        message: TEXT_RULE_MESSAGES.controlCharacters,
      });
    }
    for (const reason of ["Trop cher\u0000", "Trop\u0008cher", "Trop\u007fcher"]) {
      const refused = await clientCall(pageRoute.action, token, { form: { intent: "refuser", reason } });
      expect(refused.status, JSON.stringify(reason)).toBe(400);
      expect(refused.data).toMatchObject({ field: "reason", message: TEXT_RULE_MESSAGES.controlCharacters });
    }
    expect(await statusOf(id)).toBe("envoye");
    expect(await services.db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id))).toEqual([]);

    // A reason keeps its line breaks and tabs.
    const kept = await clientCall(pageRoute.action, token, {
      form: { intent: "refuser", reason: "Trop cher.\r\nDélai :\ttrop long." },
    });
    expect(kept.status, JSON.stringify(kept.data)).toBe(200);
    const [decision] = await services.db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id));
    expect(decision?.refusalReason).toBe("Trop cher.\r\nDélai :\ttrop long.");
  });

  it("refuses them in the paper-acceptance signer's name, storing nothing", async () => {
    const { id } = await sentQuote("papier.controle@example.fr");
    for (const signerName of ["Jean\u0000Dupont", "Jean\u001bDupont", "Jean\tDupont"]) {
      const form = new FormData();
      form.set("intent", "accord-papier");
      form.set("signerName", signerName);
      form.set("scan", new File([new Uint8Array(await jpeg())], "accord.jpg", { type: "image/jpeg" }));
      const refused = await staffCall(detailRoute.action, `/erp/devis/${id}`, {
        params: { id },
        method: "POST",
        body: form,
      });
      expect(refused.status, JSON.stringify(signerName)).toBe(400);
      expect(refused.data).toMatchObject({
        ok: false,
        fieldErrors: { signerName: [TEXT_RULE_MESSAGES.controlCharacters] },
      });
    }
    expect(await statusOf(id)).toBe("envoye");
    expect(await services.db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id))).toEqual([]);
  });
});

describe("a quote below zero", () => {
  it("cannot be sent: « Avant l'envoi » says why", async () => {
    const { id } = await savedDraft("negatif@example.fr", (draft) => ({
      ...draft,
      lots: [
        ...draft.lots,
        {
          id: "lot-avoir",
          title: "Reprise",
          lines: [
            {
              id: "neg",
              kind: "item",
              designation: "Reprise de l'ancien matériel",
              description: "",
              unit: "forfait",
              quantity: "1",
              unitPriceHt: "-5000",
              vatCode: "10",
              optional: false,
              libraryItemId: null,
              cost: null,
            },
          ],
        },
      ],
    }));
    const page = (await staffCall(detailRoute.loader, `/erp/devis/${id}`, { params: { id } }))
      .data as DetailData;
    expect(page.totals.totalTtc).toBeLessThan(0);
    expect(page.missing.join(" ")).toMatch(/total du devis est négatif/);
    const refused = await send(id);
    expect(refused.status).toBe(400);
    expect((refused.data as { missing: string[] }).missing).toContain(
      `Le total du devis est négatif (${formatCents(page.totals.totalTtc)}) : un devis ne peut pas être envoyé pour un montant négatif. Corrigez les lignes ou la remise.`,
    );
    expect(await statusOf(id)).toBe("brouillon");
    expect((await mails("quote.sent")).filter((row) => row.payload.to === "negatif@example.fr")).toEqual([]);
  });
});
