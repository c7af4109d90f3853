import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "#app/db/schema/clients.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { quoteAcceptanceCodes, quoteDecisions, quotes } from "#app/db/schema/quotes.ts";
import { acceptQuote, CODE_TTL_MS } from "#app/features/quotes/acceptance.server.ts";
import type { QuoteDraftInput } from "#app/features/quotes/content.ts";
import { expireQuotes } from "#app/features/quotes/expiry.server.ts";
import { ACCEPTANCE_BLOCK, ONLINE_ACCEPTANCE_NOTICE } from "#app/features/quotes/mentions.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/devis/detail.tsx";
import * as newRoute from "#app/routes/erp/devis/nouveau.tsx";
import * as erpPdfRoute from "#app/routes/erp/devis/pdf.ts";
import * as erpSignatureRoute from "#app/routes/erp/devis/signature.ts";
import * as pageRoute from "#app/routes/site/accord.tsx";
import * as filesRoute from "#app/routes/site/accord-pdf.ts";
import { pngClaiming } from "#tests/helpers/images.ts";
import { insertQuoteRequest, jpeg } from "#tests/helpers/leads.ts";
import { pageImages, readPdf } from "#tests/helpers/pdf-text.ts";
import { filledDraft, fillQuoteSettings, insertClient } from "#tests/helpers/quotes.ts";
import { type RouteCallInit, routeArgs, routeCaller, routeOutcome } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff, TEST_AUTH_SECRET } from "#tests/helpers/staff.ts";

// The client's side of a quote: the page /accord/{token} (loader and action, as the
// server calls them, without a staff session), the code e-mailed, the acceptance and
// its proof, the refusals; and the staff's acceptance on paper and the daily expiry.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1";

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-quote-acceptance-", {
    NOTIFY_EMAIL: "bureau@batirade.test",
  }));
  staff = await signedInStaff(services, "staff", "accord@batirade.test");
  await fillQuoteSettings(services.db);
});
afterAll(() => close());

type Handler = (args: never) => Promise<unknown>;

const staffCall = routeCaller(() => ({ services, cookie: staff.cookie }));

/** The client: no session, a phone's browser, an address of its own. */
function clientCall(handler: Handler, token: string, init: RouteCallInit = {}, suffix = "") {
  return routeOutcome(() =>
    handler(
      routeArgs(services, `/accord/${token}${suffix}`, {
        ip: "203.0.113.7",
        headers: { "user-agent": BROWSER },
        params: { token },
        ...init,
      }) as never,
    ),
  );
}

async function latestMail(kind: string, to?: string) {
  const rows = await services.db
    .select()
    .from(outboxMessages)
    .where(
      to
        ? and(eq(outboxMessages.kind, kind), sql`${outboxMessages.payload}->>'to' = ${to}`)
        : eq(outboxMessages.kind, kind),
    )
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return rows[0];
}

/** A sent quote (10 % lines: the client's VAT certification applies) and the token of its link. */
async function sentQuote(
  email: string,
  leadId?: string,
): Promise<{ id: string; token: string; clientId: string }> {
  let created: Awaited<ReturnType<typeof staffCall>>;
  let clientId: string;
  if (leadId) {
    created = await staffCall(newRoute.action, "/erp/devis/nouveau", { form: { prospect: leadId } });
    const [client] = await services.db.select().from(clients).where(eq(clients.leadSubmissionId, leadId));
    clientId = client?.id ?? "";
    await services.db
      .update(clients)
      .set({ billingStreet: "5 rue Racine", billingPostalCode: "83000", billingCity: "Toulon" })
      .where(eq(clients.id, clientId));
  } else {
    clientId = await insertClient(services.db, { email });
    created = await staffCall(newRoute.action, "/erp/devis/nouveau", { form: { clientId } });
  }
  const id = (created.headers.get("location") ?? "").split("/").pop() ?? "";
  const page = (await staffCall(detailRoute.loader, `/erp/devis/${id}`, { params: { id } })).data as Awaited<
    ReturnType<typeof detailRoute.loader>
  >;
  const saved = await staffCall(detailRoute.action, `/erp/devis/${id}`, {
    params: { id },
    form: {
      intent: "enregistrer",
      revision: String(page.quote.revision),
      draft: JSON.stringify(filledDraft(page.draft as QuoteDraftInput)),
    },
  });
  expect(saved.status).toBe(200);
  const sent = await staffCall(detailRoute.action, `/erp/devis/${id}`, {
    params: { id },
    form: { intent: "envoyer", confirmation: "oui" },
  });
  expect(sent.status, JSON.stringify(sent.data)).toBe(303);
  const mail = await latestMail("quote.sent", email);
  const token = /\/accord\/([A-Za-z0-9_-]+)/.exec(mail?.payload.text ?? "")?.[1];
  if (!token) throw new Error("lien introuvable dans l'e-mail");
  return { id, token, clientId };
}

async function requestCode(token: string): Promise<string> {
  const outcome = await clientCall(pageRoute.action, token, { form: { intent: "code" } });
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  const mail = await latestMail("quote.code");
  const code = /\b(\d{6})\b/.exec(mail?.payload.text ?? "")?.[1];
  if (!code) throw new Error("code introuvable dans l'e-mail");
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

function pageData(outcome: { data: unknown }) {
  return outcome.data as Awaited<ReturnType<typeof pageRoute.loader>>;
}

describe("the client's page", () => {
  it("shows the quote, records the first view once, and answers 404 to a wrong token", async () => {
    const { id, token } = await sentQuote("vue@example.fr");
    const first = await clientCall(pageRoute.loader, token);
    expect(first.status).toBe(200);
    expect(pageData(first).state).toBe("ouvert");
    expect(pageData(first).sentTo).toBe("v**@example.fr");
    expect(pageData(first).mentions.certifications.length).toBeGreaterThan(0);
    await clientCall(pageRoute.loader, token);
    const views = (await listActivity(services.db, "devis", id)).filter((event) => event.kind === "viewed");
    expect(views).toHaveLength(1);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.firstViewedAt).not.toBeNull();

    for (const wrong of [
      "a".repeat(43),
      "court",
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
    ]) {
      expect((await clientCall(pageRoute.loader, wrong)).status, wrong).toBe(404);
      expect((await clientCall(pageRoute.action, wrong, { form: { intent: "code" } })).status, wrong).toBe(
        404,
      );
    }
    expect(pageRoute.headers()).toMatchObject({
      "X-Robots-Tag": "noindex, nofollow",
      "Cache-Control": "private, no-store",
    });
    // The PDF the client downloads is the stored one.
    const pdf = await clientCall(filesRoute.loader, token, {}, "/pdf");
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await (pdf.data as Response).arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(row?.pdfSha256);
  });
});

/** The client's page as the server renders it, from what its loader answered (and an action's answer). */
function renderPage(token: string, loaderData: unknown, actionData?: unknown): string {
  const Stub = createRoutesStub([
    { id: "accord", path: "/accord/:token", Component: pageRoute.default as never },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [`/accord/${token}`],
      hydrationData: {
        loaderData: { accord: loaderData },
        ...(actionData ? { actionData: { accord: actionData } } : {}),
      },
    }),
  )
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"');
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the client's page, as rendered", () => {
  it("offers both choices right after the summary, then the document; the certification once; an electronic wording", async () => {
    const { token } = await sentQuote("rendu@example.fr");
    const data = pageData(await clientCall(pageRoute.loader, token));
    const html = renderPage(token, data);
    const text = textOf(html);
    const certification = (data.mentions.certifications[0] ?? "").replace(/\s+/g, " ");
    expect(certification.length).toBeGreaterThan(20);

    // Summary (quote number, client, total TTC, validity), then the two choices, then the document.
    const order = [
      `Devis ${data.displayNumber}`,
      "Total TTC",
      "Valable jusqu'au",
      "Accepter le devis",
      "Refuser le devis",
      `aria-label="Contenu du devis ${data.displayNumber}"`,
    ].map((marker) => html.indexOf(marker));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.match(/<summary\b/g)).toHaveLength(2);

    // The certification is printed once: beside the box the client ticks, not again in the document.
    expect(text.split(certification).length - 1).toBe(1);
    // Words for an electronic acceptance; no handwritten mention asked online.
    expect(text).toContain(ONLINE_ACCEPTANCE_NOTICE);
    expect(text).toContain("articles 1366 et 1367 du Code civil");
    expect(text).not.toContain(ACCEPTANCE_BLOCK);
    expect(text).not.toMatch(/précédée?s? de la mention manuscrite/);

    // Both panels closed at first; a refused code reopens « Accepter », a refused reason « Refuser ».
    expect(html).not.toMatch(/<details[^>]*\sopen=""/);
    const afterCode = renderPage(token, data, {
      ok: false,
      intent: "accepter",
      message: "Code incorrect.",
      field: "code",
    });
    expect(afterCode.match(/<details[^>]*\sopen=""[^>]*>\s*<summary[^>]*>(.*?)<\/summary>/)?.[1]).toContain(
      "Accepter le devis",
    );
    const afterReason = renderPage(token, data, {
      ok: false,
      intent: "refuser",
      message: "Trop long.",
      field: "reason",
    });
    expect(afterReason.match(/<details[^>]*\sopen=""[^>]*>\s*<summary[^>]*>(.*?)<\/summary>/)?.[1]).toContain(
      "Refuser le devis",
    );
  });
});

describe("accepting online", () => {
  it("refuses 5 wrong codes, then asks for a new one; the right code then accepts, with its proof and signed copy", async () => {
    const leadId = await insertQuoteRequest(services.db, {
      nom: "Nadia Roux",
      email: "nadia.roux@example.fr",
    });
    const { id, token } = await sentQuote("nadia.roux@example.fr", leadId);
    const code = await requestCode(token);
    const codeMail = await latestMail("quote.code");
    expect(codeMail?.payload.to).toBe("nadia.roux@example.fr");
    const [stored] = await services.db
      .select()
      .from(quoteAcceptanceCodes)
      .where(eq(quoteAcceptanceCodes.quoteId, id));
    expect(stored?.codeHash).not.toContain(code);

    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await accept(token, { code: wrong });
      expect(outcome.status).toBe(400);
      messages.push((outcome.data as { message: string }).message);
    }
    expect(messages[0]).toBe("Code incorrect : 4 essais restants.");
    expect(messages[4]).toMatch(/dernier essai/);
    const locked = await accept(token, { code });
    expect(locked.status).toBe(400);
    expect((locked.data as { message: string }).message).toMatch(/Trop d'essais/);

    // Without the certification of the reduced rate: refused at that box.
    const fresh = await requestCode(token);
    const noCertification = await clientCall(pageRoute.action, token, {
      form: { intent: "accepter", bonPourAccord: "oui", name: "Nadia Roux", code: fresh },
    });
    expect(noCertification.status).toBe(400);
    expect((noCertification.data as { field: string }).field).toBe("certification");

    const signature = await import("sharp").then(({ default: sharp }) =>
      sharp({ create: { width: 60, height: 20, channels: 4, background: "#ffffff" } })
        .png()
        .toBuffer(),
    );
    const accepted = await accept(token, {
      code: fresh,
      name: "Nadia Roux",
      signature: `data:image/png;base64,${signature.toString("base64")}`,
    });
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);

    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.status).toBe("accepte");
    const [decision] = await services.db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id));
    expect(decision).toMatchObject({
      decision: "accepte",
      channel: "en_ligne",
      signerName: "Nadia Roux",
      signerEmail: "nadia.roux@example.fr",
      ip: "203.0.113.7",
      userAgent: BROWSER,
      pdfSha256: row?.pdfSha256,
      certificationConfirmed: true,
    });
    expect(decision?.codeVerifiedAt).not.toBeNull();
    expect(decision?.signatureStorageKey).not.toBeNull();

    // The signed copy: the quote's pages plus the certificate, its SHA-256 on record.
    const copy = await clientCall(filesRoute.loader, token, {}, "/copie-signee");
    expect(copy.status).toBe(200);
    const copyBytes = Buffer.from(await (copy.data as Response).arrayBuffer());
    expect(createHash("sha256").update(copyBytes).digest("hex")).toBe(decision?.signedCopySha256);
    const original = await services.storage.get(row?.pdfStorageKey ?? "");
    const [signedText, originalText] = await Promise.all([readPdf(copyBytes), readPdf(original)]);
    expect(signedText.pages).toHaveLength(originalText.pages.length + 1);
    const certificate = (signedText.pages.at(-1) ?? "").replace(/\s+/g, " ");
    for (const fact of [
      "Certificat d'acceptation",
      "Nadia Roux",
      "nadia.roux@example.fr",
      "203.0.113.7",
      row?.pdfSha256 ?? "?",
    ]) {
      expect(certificate).toContain(fact);
    }
    const staffCopy = await staffCall(erpPdfRoute.loader, `/erp/devis/${id}/copie-signee`, {
      params: { id },
    });
    expect(staffCopy.status).toBe(200);

    // Both the client and the company receive it; the lead is won.
    const toClient = await latestMail("quote.accepted.client");
    const toCompany = await latestMail("quote.accepted.company");
    expect(toClient?.payload.to).toBe("nadia.roux@example.fr");
    expect(toCompany?.payload.to).toBe("bureau@batirade.test");
    expect(toClient?.payload.attachments?.[0]?.storageKey).toBe(decision?.signedCopyStorageKey);
    const [lead] = await services.db.select().from(erpLeads).where(eq(erpLeads.submissionId, leadId));
    expect(lead?.status).toBe("gagne");

    // Accepting twice, or replaying the token: the page says so and accepts nothing.
    const again = await accept(token, { code: fresh });
    expect(again.status).toBe(409);
    expect((again.data as { message: string }).message).toBe("Ce devis a déjà été accepté.");
    expect((await clientCall(pageRoute.action, token, { form: { intent: "refuser" } })).status).toBe(409);
    const replay = await clientCall(pageRoute.loader, token);
    expect(pageData(replay).state).toBe("accepte");
    expect(pageData(replay).decision?.signedCopySha256).toBe(decision?.signedCopySha256);

    // The proof cannot be changed, not even by the database's owner.
    await expect(
      services.db.execute(sql`update quote_decisions set signer_name = 'X' where quote_id = ${id}`),
    ).rejects.toThrow();
    // « Modifier » is refused on an accepted quote.
    const revise = await staffCall(detailRoute.action, `/erp/devis/${id}`, {
      params: { id },
      form: { intent: "modifier" },
    });
    expect(revise.status).toBe(409);
  });

  it("refuses an expired code and a code never asked for", async () => {
    const { token } = await sentQuote("expire-code@example.fr");
    const none = await accept(token, { code: "123456" });
    expect(none.status).toBe(400);
    expect((none.data as { message: string }).message).toMatch(/Demandez d'abord un code/);
    const code = await requestCode(token);
    const later = new Date(Date.now() + CODE_TTL_MS + 1000);
    await expect(
      acceptQuote(
        services.db,
        {
          storage: services.storage,
          secret: TEST_AUTH_SECRET,
          notifyEmail: "bureau@batirade.test",
          siteUrl: "http://localhost",
          now: later,
        },
        token,
        {
          name: "Élodie Garnier",
          code,
          bonPourAccord: true,
          certificationConfirmed: true,
          signaturePng: null,
          ip: "203.0.113.7",
          userAgent: BROWSER,
        },
      ),
    ).rejects.toThrow("Ce code a expiré");
  });

  it("prints the drawn signature in the signed copy's box and on its certificate, and shows it to staff only", async () => {
    const { id, token } = await sentQuote("signee@example.fr");
    // What the pad sends: a transparent 600 × 200 PNG with a dark stroke.
    const drawn = await import("sharp").then(({ default: sharp }) =>
      sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([
          {
            input: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M30 150 C 160 10, 260 190, 570 50" stroke="#0f172a" stroke-width="5" fill="none"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer(),
    );
    const code = await requestCode(token);
    const accepted = await accept(token, {
      code,
      name: "Inès Signée",
      signature: `data:image/png;base64,${drawn.toString("base64")}`,
    });
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
    const [decision] = await services.db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id));

    // The signed copy holds the image, in the « Bon pour accord » box and on the
    // certificate; its SHA-256 is still the one of the proof.
    const copy = await clientCall(filesRoute.loader, token, {}, "/copie-signee");
    const copyBytes = Buffer.from(await (copy.data as Response).arrayBuffer());
    expect(createHash("sha256").update(copyBytes).digest("hex")).toBe(decision?.signedCopySha256);
    expect(copyBytes.includes("/Subtype /Image")).toBe(true);
    const [images, read] = await Promise.all([pageImages(copyBytes), readPdf(copyBytes)]);
    const boxPage = read.pages.findIndex((page) => /Nom : Inès Signée/.test(page.replace(/\s+/g, " ")));
    expect(boxPage).toBeGreaterThanOrEqual(0);
    expect(images[boxPage]).toEqual([expect.objectContaining({ pixelWidth: 600, pixelHeight: 200 })]);
    expect(images.at(-1)).toEqual([expect.objectContaining({ pixelWidth: 600, pixelHeight: 200 })]);
    const original = await services.storage.get(
      (await services.db.select().from(quotes).where(eq(quotes.id, id)))[0]?.pdfStorageKey ?? "",
    );
    expect(original.includes("/Subtype /Image")).toBe(false);

    // « Preuve de l'accord »: the page knows there is one; the file route gives staff the
    // PNG the client sent, and nothing to a request without a session.
    const page = await staffCall(detailRoute.loader, `/erp/devis/${id}`, { params: { id } });
    expect((page.data as Awaited<ReturnType<typeof detailRoute.loader>>).decision?.hasSignature).toBe(true);
    const file = await staffCall(erpSignatureRoute.loader, `/erp/devis/${id}/signature.png`, {
      params: { id },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await (file.data as Response).arrayBuffer()).equals(drawn)).toBe(true);
    const anonymous = await routeOutcome(() =>
      erpSignatureRoute.loader(
        routeArgs(services, `/erp/devis/${id}/signature.png`, { params: { id } }) as never,
      ),
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).not.toBeInstanceOf(Response);

    // A quote accepted without a drawing, and an id that is not one: 404, in French.
    const plain = await sentQuote("sans-dessin@example.fr");
    expect((await accept(plain.token, { code: await requestCode(plain.token) })).status).toBe(200);
    const none = await staffCall(erpSignatureRoute.loader, `/erp/devis/${plain.id}/signature.png`, {
      params: { id: plain.id },
    });
    expect(none.status).toBe(404);
    expect(await (none.data as Response).json()).toEqual({
      message: "Ce devis n'a pas de signature dessinée.",
    });
    const malformed = await staffCall(erpSignatureRoute.loader, "/erp/devis/x/signature.png", {
      params: { id: "-".repeat(36) },
    });
    expect(malformed.status).toBe(404);
  });

  it("refuses a drawn signature that is not a PNG, and a missing « Bon pour accord »", async () => {
    const { token } = await sentQuote("signature@example.fr");
    const code = await requestCode(token);
    const fake = await accept(token, {
      code,
      signature: `data:image/png;base64,${Buffer.from("<svg/>").toString("base64")}`,
    });
    expect(fake.status).toBe(400);
    expect((fake.data as { field: string }).field).toBe("signature");
    // A PNG whose header claims 5 000 × 5 000 pixels is not a drawing from the pad: refused
    // before anything decodes it for the signed copy.
    const huge = await accept(token, {
      code,
      signature: `data:image/png;base64,${pngClaiming(5000, 5000).toString("base64")}`,
    });
    expect(huge.status).toBe(400);
    expect(huge.data).toMatchObject({
      field: "signature",
      message: "La signature dessinée est illisible : effacez-la et recommencez.",
    });
    const unticked = await clientCall(pageRoute.action, token, {
      form: { intent: "accepter", certification: "oui", name: "Élodie Garnier", code },
    });
    expect(unticked.status).toBe(400);
    expect((unticked.data as { field: string }).field).toBe("bonPourAccord");
  });
});

describe("a replaced version, a refusal, an expiry", () => {
  it("the link of a replaced version accepts nothing", async () => {
    const { id, token } = await sentQuote("versions@example.fr");
    const revised = await staffCall(detailRoute.action, `/erp/devis/${id}`, {
      params: { id },
      form: { intent: "modifier" },
    });
    const v2 = (revised.headers.get("location") ?? "").split("/").pop() ?? "";
    const page = (await staffCall(detailRoute.loader, `/erp/devis/${v2}`, { params: { id: v2 } }))
      .data as Awaited<ReturnType<typeof detailRoute.loader>>;
    await staffCall(detailRoute.action, `/erp/devis/${v2}`, {
      params: { id: v2 },
      form: {
        intent: "enregistrer",
        revision: String(page.quote.revision),
        draft: JSON.stringify(page.draft),
      },
    });
    expect(
      (
        await staffCall(detailRoute.action, `/erp/devis/${v2}`, {
          params: { id: v2 },
          form: { intent: "envoyer", confirmation: "oui" },
        })
      ).status,
    ).toBe(303);
    expect(pageData(await clientCall(pageRoute.loader, token)).state).toBe("remplace");
    const code = await clientCall(pageRoute.action, token, { form: { intent: "code" } });
    expect(code.status).toBe(409);
    expect((code.data as { message: string }).message).toMatch(/remplacé/);
  });

  it("a refusal is recorded with its reason, the company told, the lead lost", async () => {
    const leadId = await insertQuoteRequest(services.db, {
      nom: "Paul Ricard",
      email: "paul.ricard@example.fr",
    });
    const { id, token } = await sentQuote("paul.ricard@example.fr", leadId);
    const refused = await clientCall(pageRoute.action, token, {
      form: { intent: "refuser", reason: "Budget dépassé" },
    });
    expect(refused.status).toBe(200);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row).toMatchObject({ status: "refuse", refusalReason: "Budget dépassé" });
    expect((await latestMail("quote.refused.company"))?.payload.text).toContain("Budget dépassé");
    const [lead] = await services.db.select().from(erpLeads).where(eq(erpLeads.submissionId, leadId));
    expect(lead?.status).toBe("perdu");
    expect(pageData(await clientCall(pageRoute.loader, token)).state).toBe("refuse");
    expect((await accept(token, { code: "123456" })).status).toBe(409);
  });

  it("the daily job marks quotes past their validity « Expiré »; their link accepts nothing", async () => {
    const { id, token } = await sentQuote("echu@example.fr");
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    const dayAfter = parisMidnight(addDays(row?.validUntil ?? parisDay(), 1));
    const onLastDay = parisMidnight(row?.validUntil ?? parisDay());
    expect(await expireQuotes(services.db, onLastDay)).toBe(0);
    expect(await expireQuotes(services.db, dayAfter)).toBeGreaterThanOrEqual(1);
    const [after] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(after?.status).toBe("expire");
    expect(pageData(await clientCall(pageRoute.loader, token)).state).toBe("expire");
    expect((await clientCall(pageRoute.action, token, { form: { intent: "code" } })).status).toBe(409);
    const history = await listActivity(services.db, "devis", id);
    expect(history.map((event) => event.kind)).toContain("expired");
  });
});

describe("accepting on paper", () => {
  it("records a scan checked by its bytes, and refuses what is not a PDF or an image", async () => {
    const { id } = await sentQuote("papier@example.fr");
    const post = (file: File, signerName = "Élodie Garnier") => {
      const form = new FormData();
      form.set("intent", "accord-papier");
      form.set("signerName", signerName);
      form.set("scan", file);
      return staffCall(detailRoute.action, `/erp/devis/${id}`, {
        params: { id },
        method: "POST",
        body: form,
      });
    };
    const fakePdf = await post(
      new File(["<html>pas un pdf</html>"], "accord.pdf", { type: "application/pdf" }),
    );
    expect(fakePdf.status).toBe(415);
    const noName = await post(
      new File([new Uint8Array(await jpeg())], "accord.jpg", { type: "image/jpeg" }),
      "",
    );
    expect(noName.status).toBe(400);
    const scan = await jpeg(200, 280, "#ffffff");
    const ok = await post(new File([new Uint8Array(scan)], "accord.jpg", { type: "image/jpeg" }));
    expect(ok.status, JSON.stringify(ok.data)).toBe(303);
    const [decision] = await services.db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id));
    expect(decision).toMatchObject({
      channel: "papier",
      signerName: "Élodie Garnier",
      signedCopyContentType: "image/jpeg",
    });
    expect(decision?.signedCopySha256).toBe(createHash("sha256").update(scan).digest("hex"));
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.status).toBe("accepte");
    expect((await post(new File([new Uint8Array(scan)], "accord.jpg"))).status).toBe(409);
  });
});
