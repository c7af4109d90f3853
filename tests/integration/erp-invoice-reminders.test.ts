import { createHash } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "#app/db/schema/clients.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { createCreditNoteDraft, createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { runDailyInvoiceFollowUp } from "#app/features/invoices/overdue.server.ts";
import { recordPayment } from "#app/features/invoices/payments.server.ts";
import { InvoiceNotFoundError, InvoiceStateError } from "#app/features/invoices/query.server.ts";
import {
  reminderOverview,
  sendDueReminders,
  sendReminderNow,
  setRemindersSuspended,
} from "#app/features/invoices/reminders.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { createOutboxSignal, deliverDueMail } from "#app/lib/outbox.server.ts";
import { addDays, formatDate, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/factures/detail.tsx";
import { fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { type MailTestServices, startMailTestServices } from "#tests/helpers/mail-services.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { type RouteCallInit, routeArgs, routeOutcome } from "#tests/helpers/route-call.ts";
import { signedInStaff, TEST_AUTH_SECRET } from "#tests/helpers/staff.ts";

// Reminders (« Relances ») of the invoices still owed, on a real database (PGlite here,
// PostgreSQL in CI's second pass) and a real SMTP server on loopback: the schedule run by
// moving the clock (due + 1, + 15, + 30 Paris days), catch-up after missed days, what
// stops them (suspended, paid, cancelled, no address), two runs at once, the e-mail as
// the client receives it, the reminder sent by hand, and the page's intents.
//
// Every invoice here is issued today, so they share a due day and each run of the job
// sees all of them: assertions look at the invoices of their own test only.

let mail: MailTestServices;
let services: AppServices;
let actor: { id: string; email: string };
let staffCookie: string;
let clientCounter = 0;

beforeAll(async () => {
  mail = await startMailTestServices("relances", {
    AUTH_SECRET: TEST_AUTH_SECRET,
    SITE_URL: "http://localhost",
  });
  services = mail.services;
  const staff = await signedInStaff(services, "staff", "relances@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  staffCookie = staff.cookie;
  await fillInvoiceSettings(services.db);
});
afterAll(async () => {
  await mail.close();
});

/** An instant on a Paris calendar day (10:00 by default). */
function at(day: string, hour = 10): Date {
  return new Date(parisMidnight(day).getTime() + hour * 60 * 60 * 1000);
}

/** A quote sent and accepted by a client of its own (a fresh e-mail address). */
async function acceptedQuote(clientValues: Partial<typeof clients.$inferInsert> = {}) {
  const email = `relance-${++clientCounter}-${Date.now()}@example.fr`;
  const clientId = await insertClient(services.db, { email, ...clientValues });
  return { quoteId: await acceptedQuoteFor(services, actor, clientId), clientId, email };
}

async function issue(id: string) {
  return issueInvoice(
    services.db,
    { storage: services.storage, identity: await documentIdentity(services.db) },
    id,
    actor,
  );
}

const invoiceRow = (id: string) => readInvoiceRow(services.db, id);

/** A deposit invoice (30 %) issued today; its client has an address of its own. */
async function issuedInvoice(clientValues: Partial<typeof clients.$inferInsert> = {}) {
  const { quoteId, clientId, email } = await acceptedQuote(clientValues);
  const draft = await createInvoiceDraft(
    services.db,
    quoteId,
    { kind: "acompte", deposit: { kind: "percent", basisPoints: 3000 } },
    actor,
  );
  await issue(draft.id);
  const row = await invoiceRow(draft.id);
  if (!row.dueOn || !row.number) throw new Error("facture non émise");
  return { row, due: row.dueOn, number: row.number, quoteId, clientId, email };
}

/** The levels sent to one invoice by a run of the job at `instant`. */
async function levelsSent(invoiceId: string, instant: Date): Promise<number[]> {
  const sent = await sendDueReminders(services.db, instant);
  return sent.filter((reminder) => reminder.invoiceId === invoiceId).map((reminder) => reminder.level);
}

/** The reminder e-mails queued for one address, oldest first. */
async function remindersQueuedTo(email: string) {
  const rows = await services.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.kind, "invoice.reminder%"))
    .orderBy(outboxMessages.createdAt);
  return rows.filter((row) => row.payload.to === email);
}

async function historyKinds(invoiceId: string): Promise<string[]> {
  return (await listActivity(services.db, "facture", invoiceId)).map((event) => event.kind).reverse();
}

describe("the reminder schedule, by moving the clock", () => {
  it("sends nothing on the due day, the first reminder at due + 1 (after « En retard »), the second at + 15, the last at + 30, then nothing", async () => {
    const { row, due, email } = await issuedInvoice();
    expect(await levelsSent(row.id, at(due, 23))).toEqual([]);

    // The daily job: the invoice becomes « En retard » first, then its reminder is queued.
    const signal = createOutboxSignal();
    let wakes = 0;
    signal.onWake(() => {
      wakes += 1;
    });
    const day1 = await runDailyInvoiceFollowUp({ db: services.db, outbox: signal }, at(addDays(due, 1), 7));
    expect(day1.overdue).toBeGreaterThanOrEqual(1);
    expect(day1.reminders.filter((reminder) => reminder.invoiceId === row.id)).toEqual([
      expect.objectContaining({ level: 1, to: email, skipped: [] }),
    ]);
    expect(wakes).toBe(1);
    expect(await invoiceRow(row.id)).toMatchObject({ status: "en_retard", remindersSent: 1 });
    expect(await historyKinds(row.id)).toEqual(["created", "issued", "overdue", "reminder"]);

    // Again the same day, the next day, the day before the second: nothing.
    expect(await levelsSent(row.id, at(addDays(due, 1), 18))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 2)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 14), 23))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 15), 0))).toEqual([2]);
    expect(await levelsSent(row.id, at(addDays(due, 16)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 29)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 30)))).toEqual([3]);
    expect(await levelsSent(row.id, at(addDays(due, 31)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 90)))).toEqual([]);

    const after = await invoiceRow(row.id);
    expect(after.remindersSent).toBe(3);
    expect(after.lastReminderAt?.toISOString()).toBe(at(addDays(due, 30)).toISOString());
    const queued = await remindersQueuedTo(email);
    expect(queued.map((message) => message.kind)).toEqual([
      "invoice.reminder.1",
      "invoice.reminder.2",
      "invoice.reminder.3",
    ]);
    const history = (await listActivity(services.db, "facture", row.id)).filter(
      (event) => event.kind === "reminder",
    );
    expect(history.map((event) => event.summary).reverse()).toEqual([
      expect.stringMatching(/^Relance n° 1 \(premier rappel\) envoyée à .+ : échéance dépassée de 1 jour, /),
      expect.stringMatching(/^Relance n° 2 \(deuxième rappel\) envoyée à .+ de 15 jours, /),
      expect.stringMatching(/^Relance n° 3 \(dernier rappel avant mise en demeure\) .+ de 30 jours, /),
    ]);
    expect(history.every((event) => event.actorEmail === null)).toBe(true);
    const overview = await reminderOverview(services.db, after, at(addDays(due, 31)));
    expect(overview).toMatchObject({ sent: 3, next: null, suspended: false, to: email });
  });

  it("after missed days sends only the highest level reached, once, and says which ones were passed over", async () => {
    const first = await issuedInvoice();
    const sent = await sendDueReminders(services.db, at(addDays(first.due, 20)));
    expect(sent.filter((reminder) => reminder.invoiceId === first.row.id)).toEqual([
      expect.objectContaining({ level: 2, skipped: [1] }),
    ]);
    expect(await levelsSent(first.row.id, at(addDays(first.due, 21)))).toEqual([]);
    expect((await invoiceRow(first.row.id)).remindersSent).toBe(2);
    const [event] = (await listActivity(services.db, "facture", first.row.id)).filter(
      (entry) => entry.kind === "reminder",
    );
    expect(event?.summary).toContain("la relance n° 1, dont le jour était passé, n'a pas été envoyée");
    // The job missed the 30th day too: the last one goes at the next run.
    expect(await levelsSent(first.row.id, at(addDays(first.due, 45)))).toEqual([3]);
    expect((await remindersQueuedTo(first.email)).map((message) => message.kind)).toEqual([
      "invoice.reminder.2",
      "invoice.reminder.3",
    ]);
    // The e-mail claims no earlier reminder the client never received.
    const [secondLevel, lastLevel] = await remindersQueuedTo(first.email);
    expect(secondLevel?.payload.text).toContain("qui reste à ce jour impayée.");
    expect(secondLevel?.payload.text).not.toContain("précédent");
    expect(lastLevel?.payload.text).toContain("Malgré notre précédent rappel,");

    const second = await issuedInvoice();
    const late = await sendDueReminders(services.db, at(addDays(second.due, 40)));
    expect(late.filter((reminder) => reminder.invoiceId === second.row.id)).toEqual([
      expect.objectContaining({ level: 3, skipped: [1, 2] }),
    ]);
    const [only, ...more] = await remindersQueuedTo(second.email);
    expect(more).toEqual([]);
    expect(only?.payload.text).toContain("Sauf erreur de notre part, notre facture");
    expect(only?.payload.text).not.toContain("Malgré");
  });

  it("sends nothing while suspended, and the highest level reached once resumed", async () => {
    const { row, due, email } = await issuedInvoice();
    expect(await setRemindersSuspended(services.db, row.id, true, actor)).toEqual({ changed: true });
    expect(await setRemindersSuspended(services.db, row.id, true, actor)).toEqual({ changed: false });
    expect(await levelsSent(row.id, at(addDays(due, 1)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 15)))).toEqual([]);
    expect(await remindersQueuedTo(email)).toEqual([]);
    const overview = await reminderOverview(services.db, await invoiceRow(row.id), at(addDays(due, 15)));
    expect(overview).toMatchObject({ sent: 0, suspended: true, next: null });

    expect(await setRemindersSuspended(services.db, row.id, false, actor)).toEqual({ changed: true });
    expect(await levelsSent(row.id, at(addDays(due, 16)))).toEqual([2]);
    const events = await listActivity(services.db, "facture", row.id);
    expect(
      events
        .filter((event) => event.kind.startsWith("reminders_"))
        .map((event) => [event.summary, event.actorEmail])
        .reverse(),
    ).toEqual([
      ["Relances automatiques suspendues", actor.email],
      ["Relances automatiques reprises", actor.email],
    ]);
  });

  it("reminds a partly paid invoice of what is left, and stops once it is paid", async () => {
    const { row, due, email } = await issuedInvoice();
    await recordPayment(services.db, row.id, { paidOn: parisDay(), amount: 10_000, method: "cheque" }, actor);
    expect(await levelsSent(row.id, at(addDays(due, 1)))).toEqual([1]);
    const [queued] = await remindersQueuedTo(email);
    expect(queued?.payload.text).toContain(`Déjà réglé : ${formatCents(10_000)}`);
    expect(queued?.payload.text).toContain(`Reste à régler : ${formatCents(row.netToPayCents - 10_000)}`);

    await recordPayment(
      services.db,
      row.id,
      { paidOn: parisDay(), amount: row.netToPayCents - 10_000, method: "virement" },
      actor,
    );
    expect((await invoiceRow(row.id)).status).toBe("payee");
    expect(await levelsSent(row.id, at(addDays(due, 15)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 30)))).toEqual([]);
    expect(await remindersQueuedTo(email)).toHaveLength(1);
    expect(await reminderOverview(services.db, await invoiceRow(row.id))).toBeNull();
  });

  it("never reminds a draft, a credit note or the invoice it cancels", async () => {
    const cancelled = await issuedInvoice();
    const credit = await createCreditNoteDraft(services.db, cancelled.row.id, { kind: "total" }, actor);
    await issue(credit.id);
    expect((await invoiceRow(cancelled.row.id)).status).toBe("annulee");
    const creditNote = await invoiceRow(credit.id);
    expect(creditNote).toMatchObject({ kind: "avoir", status: "emise" });
    const { quoteId } = await acceptedQuote();
    const draft = await createInvoiceDraft(services.db, quoteId, { kind: "solde" }, actor);

    const ids = [cancelled.row.id, credit.id, draft.id];
    for (const offset of [1, 15, 30, 120]) {
      const sent = await sendDueReminders(services.db, at(addDays(cancelled.due, offset)));
      expect(
        sent.filter((reminder) => ids.includes(reminder.invoiceId)),
        `J+${offset}`,
      ).toEqual([]);
    }
    expect(await remindersQueuedTo(cancelled.email)).toEqual([]);
    for (const id of ids) expect((await invoiceRow(id)).remindersSent).toBe(0);
  });

  it("skips a client without an e-mail address, without failing the run", async () => {
    const withoutAddress = await issuedInvoice();
    const other = await issuedInvoice();
    await services.db.update(clients).set({ email: null }).where(eq(clients.id, withoutAddress.clientId));
    const sent = await sendDueReminders(services.db, at(addDays(withoutAddress.due, 1)));
    expect(sent.map((reminder) => reminder.invoiceId)).not.toContain(withoutAddress.row.id);
    expect(sent.map((reminder) => reminder.invoiceId)).toContain(other.row.id);
    expect((await invoiceRow(withoutAddress.row.id)).remindersSent).toBe(0);
    const overview = await reminderOverview(services.db, await invoiceRow(withoutAddress.row.id));
    expect(overview).toMatchObject({ to: null, next: null });
  });

  it("two runs at the same moment send each level once", async () => {
    const { row, due, email } = await issuedInvoice();
    for (const [offset, level] of [
      [1, 1],
      [15, 2],
      [30, 3],
    ] as const) {
      const runs = await Promise.all([
        sendDueReminders(services.db, at(addDays(due, offset))),
        sendDueReminders(services.db, at(addDays(due, offset))),
        sendDueReminders(services.db, at(addDays(due, offset))),
      ]);
      const mine = runs.flat().filter((reminder) => reminder.invoiceId === row.id);
      expect(
        mine.map((reminder) => reminder.level),
        `J+${offset}`,
      ).toEqual([level]);
    }
    expect((await remindersQueuedTo(email)).map((message) => message.kind)).toEqual([
      "invoice.reminder.1",
      "invoice.reminder.2",
      "invoice.reminder.3",
    ]);
    expect((await historyKinds(row.id)).filter((kind) => kind === "reminder")).toHaveLength(3);
  });
});

describe("the reminder e-mail, as the client receives it", () => {
  it("is polite French, worded per level, with the figures, the bank details and the invoice's PDF byte for byte", async () => {
    const { row, due, email, number } = await issuedInvoice({ name: "Claire <b>Dupuis</b> & fils" });
    for (const offset of [1, 15, 30]) await sendDueReminders(services.db, at(addDays(due, offset)));
    // The outbox delivers everything queued so far (the other tests' mail included).
    for (let round = 0; round < 20; round += 1) {
      const { claimed } = await deliverDueMail(services, { now: at(addDays(due, 31)), batchSize: 50 });
      if (claimed === 0) break;
    }
    const received = mail.smtp.messages.filter(
      (message) => message.envelope.to.includes(email) && message.parsed?.subject?.includes("facture"),
    );
    expect(received).toHaveLength(3);
    const dueText = formatDate(due);
    expect(received.map((message) => message.parsed?.subject).sort()).toEqual(
      [
        `Rappel : facture ${number} échue le ${dueText}`,
        `Deuxième rappel : facture ${number} échue le ${dueText}`,
        `Dernier rappel : facture ${number} échue le ${dueText}`,
      ].sort(),
    );
    const stored = await services.storage.get(row.pdfStorageKey ?? "");
    const bySubject = (start: string) => {
      const found = received.find((message) => message.parsed?.subject?.startsWith(start))?.parsed;
      if (!found) throw new Error(`e-mail « ${start} » manquant`);
      return found;
    };
    for (const parsed of [bySubject("Rappel"), bySubject("Deuxième"), bySubject("Dernier")]) {
      const text = parsed.text ?? "";
      expect(text).toContain("Bonjour Claire <b>Dupuis</b> & fils,");
      expect(text).toContain(`Facture : ${number}`);
      expect(text).toContain(`Émise le : ${formatDate(row.issuedOn ?? "")}`);
      expect(text).toContain(`Échéance : ${dueText}`);
      expect(text).toContain(`Reste à régler : ${formatCents(row.netToPayCents)}`);
      expect(text).toContain("IBAN : FR76 3000 6000 0112 3456 7890 189");
      expect(text).toContain("BIC : AGRIFRPP");
      expect(text).toContain("Titulaire : BATI RADE TOULON");
      expect(text).toContain("Bien cordialement,");
      expect(parsed.replyTo?.text).toContain("contact@batirade-toulon.fr");
      const html = String(parsed.html);
      expect(html).toContain("Claire &lt;b&gt;Dupuis&lt;/b&gt; &amp; fils");
      expect(html).not.toContain("<b>Dupuis");
      expect(parsed.attachments).toHaveLength(1);
      const [attachment] = parsed.attachments;
      expect(attachment?.filename).toBe(`${number.toLowerCase()}.pdf`);
      expect(attachment?.contentType).toBe("application/pdf");
      expect(Buffer.compare(attachment?.content ?? Buffer.alloc(0), stored)).toBe(0);
      expect(
        createHash("sha256")
          .update(attachment?.content ?? "")
          .digest("hex"),
      ).toBe(row.pdfSha256);
    }
    const first = bySubject("Rappel").text ?? "";
    const second = bySubject("Deuxième").text ?? "";
    const last = bySubject("Dernier").text ?? "";
    expect(first).toContain("simple oubli");
    expect(second).toContain("reste à ce jour impayée malgré notre précédent rappel.");
    expect(last).toContain("Malgré nos précédents rappels,");
    expect(last).toContain("dernier rappel amiable");
    expect(last).toContain("la prochaine étape serait de vous adresser une mise en demeure");
    expect(last).toContain("échéancier");
    for (const text of [first, second]) expect(text).not.toMatch(/mise en demeure/i);
  });
});

describe("a reminder sent by hand", () => {
  it("is logged with who sent it, moves the last reminder but not the count, and postpones the automatic one by 7 days", async () => {
    const { row, due, email, number } = await issuedInvoice();
    // On the due day: a reminder before it is late.
    const early = await sendReminderNow(services.db, row.id, actor, at(due, 9));
    expect(early).toMatchObject({ number, to: email });
    let queued = await remindersQueuedTo(email);
    expect(queued.map((message) => message.payload.subject)).toEqual([
      `Rappel : facture ${number} à régler au plus tard le ${formatDate(due)}`,
    ]);
    expect(queued[0]?.payload.attachments?.[0]?.storageKey).toBe(row.pdfStorageKey);
    let after = await invoiceRow(row.id);
    expect(after.remindersSent).toBe(0);
    expect(after.lastReminderAt?.toISOString()).toBe(at(due, 9).toISOString());
    const [event] = await listActivity(services.db, "facture", row.id);
    expect(event).toMatchObject({ kind: "reminder_manual", actorEmail: actor.email, actorId: actor.id });
    expect(event?.summary).toContain(`Relance envoyée à la main à ${email}`);

    // The first automatic reminder waits until 7 days after it.
    const overview = await reminderOverview(services.db, after, at(addDays(due, 1)));
    expect(overview?.next).toEqual({ level: 1, on: addDays(due, 7), postponed: true });
    expect(await levelsSent(row.id, at(addDays(due, 1)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 6), 23))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 7), 0))).toEqual([1]);

    // By hand again at + 10: the wording of the level reached; the second waits until + 17.
    await sendReminderNow(services.db, row.id, actor, at(addDays(due, 10)));
    queued = await remindersQueuedTo(email);
    expect(queued.at(-1)?.payload.subject).toBe(`Rappel : facture ${number} échue le ${formatDate(due)}`);
    after = await invoiceRow(row.id);
    expect(after.remindersSent).toBe(1);
    expect(await levelsSent(row.id, at(addDays(due, 15)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 16)))).toEqual([]);
    expect(await levelsSent(row.id, at(addDays(due, 17)))).toEqual([2]);
    expect((await remindersQueuedTo(email)).map((message) => message.kind)).toEqual([
      "invoice.reminder.manual",
      "invoice.reminder.1",
      "invoice.reminder.1",
      "invoice.reminder.2",
    ]);
  });

  it("is refused, in French, for a draft, a credit note, a cancelled or paid invoice and a client without an address", async () => {
    const refusal = async (id: string) => {
      try {
        await sendReminderNow(services.db, id, actor);
      } catch (error) {
        expect(error).toBeInstanceOf(InvoiceStateError);
        return (error as Error).message;
      }
      throw new Error("relance acceptée");
    };
    const cancelled = await issuedInvoice();
    const credit = await createCreditNoteDraft(services.db, cancelled.row.id, { kind: "total" }, actor);
    expect(await refusal(credit.id)).toMatch(/brouillon/);
    await issue(credit.id);
    expect(await refusal(credit.id)).toBe("Un avoir ne se relance pas : il ne demande aucun paiement.");
    expect(await refusal(cancelled.row.id)).toMatch(/annulée par un avoir/);

    const paid = await issuedInvoice();
    await recordPayment(
      services.db,
      paid.row.id,
      { paidOn: parisDay(), amount: paid.row.netToPayCents, method: "virement" },
      actor,
    );
    expect(await refusal(paid.row.id)).toBe("Cette facture est payée : il n'y a plus rien à relancer.");

    const noAddress = await issuedInvoice();
    await services.db.update(clients).set({ email: null }).where(eq(clients.id, noAddress.clientId));
    expect(await refusal(noAddress.row.id)).toMatch(/n'a pas d'adresse e-mail/);

    for (const email of [cancelled.email, paid.email, noAddress.email]) {
      expect(await remindersQueuedTo(email)).toEqual([]);
    }
    for (const id of [credit.id, cancelled.row.id, paid.row.id, noAddress.row.id]) {
      expect(await historyKinds(id)).not.toContain("reminder_manual");
    }
    await expect(
      sendReminderNow(services.db, "00000000-0000-4000-8000-000000000000", actor),
    ).rejects.toBeInstanceOf(InvoiceNotFoundError);
    await expect(sendReminderNow(services.db, "pas-un-id", actor)).rejects.toBeInstanceOf(
      InvoiceNotFoundError,
    );
  });
});

describe("the « Relances » panel's intents, through the route", () => {
  type Handler = (args: never) => Promise<unknown>;
  const call = (handler: Handler, url: string, init: RouteCallInit = {}) =>
    routeOutcome(() => handler(routeArgs(services, url, { cookie: staffCookie, ...init }) as never));
  const post = (id: string, form: Record<string, string>, init: RouteCallInit = {}) =>
    call(detailRoute.action, `/erp/factures/${id}`, { params: { id }, form, ...init });

  it("suspends, resumes and sends a reminder; refuses signed out, an unknown invoice and an unknown intent", async () => {
    const { row, due, email } = await issuedInvoice();
    const page = await call(detailRoute.loader, `/erp/factures/${row.id}`, { params: { id: row.id } });
    expect(page.status).toBe(200);
    const reminders = (page.data as Awaited<ReturnType<typeof detailRoute.loader>>).reminders;
    expect(reminders).toMatchObject({ sent: 0, suspended: false, to: email, lastAt: null });
    expect(reminders?.next).toMatchObject({ level: 1, postponed: false });
    // The first is due at + 1, or today when that day has passed (payment terms of 0 days).
    expect(reminders?.next?.on).toBe([addDays(due, 1), parisDay()].sort().at(-1));

    // Signed out: refused, nothing changed.
    const signedOut = await post(row.id, { intent: "suspendre-relances" }, { cookie: "" });
    expect(signedOut.status).toBe(401);
    expect((await invoiceRow(row.id)).remindersSuspended).toBe(false);
    // Unknown invoice, unknown intent.
    expect(
      (await post("00000000-0000-4000-8000-000000000000", { intent: "suspendre-relances" })).status,
    ).toBe(404);
    expect((await post("pas-un-id", { intent: "reprendre-relances" })).status).toBe(404);
    const unknown = await post(row.id, { intent: "relancer-tout-le-monde" });
    expect(unknown.status).toBe(400);
    expect((unknown.data as { message: string }).message).toBe("Action inconnue.");

    const suspended = await post(row.id, { intent: "suspendre-relances" });
    expect(suspended.status).toBe(303);
    expect(suspended.headers.get("location")).toBe(`/erp/factures/${row.id}`);
    expect(decodeURIComponent(suspended.headers.get("set-cookie") ?? "")).toContain(
      "Relances automatiques suspendues pour cette facture.",
    );
    expect((await invoiceRow(row.id)).remindersSuspended).toBe(true);
    const again = await post(row.id, { intent: "suspendre-relances" });
    expect(again.status).toBe(303);
    expect(decodeURIComponent(again.headers.get("set-cookie") ?? "")).toContain("étaient déjà suspendues");
    const shown = (
      (await call(detailRoute.loader, `/erp/factures/${row.id}`, { params: { id: row.id } })).data as Awaited<
        ReturnType<typeof detailRoute.loader>
      >
    ).reminders;
    expect(shown).toMatchObject({ suspended: true, next: null });
    expect(await levelsSent(row.id, at(addDays(due, 1)))).toEqual([]);

    const resumed = await post(row.id, { intent: "reprendre-relances" });
    expect(resumed.status).toBe(303);
    expect((await invoiceRow(row.id)).remindersSuspended).toBe(false);
    const kinds = await historyKinds(row.id);
    expect(kinds.filter((kind) => kind.startsWith("reminders_"))).toEqual([
      "reminders_suspended",
      "reminders_resumed",
    ]);

    // « Envoyer une relance maintenant »: only once confirmed.
    const unconfirmed = await post(row.id, { intent: "relancer" });
    expect(unconfirmed.status).toBe(400);
    expect(await remindersQueuedTo(email)).toEqual([]);
    let wakes = 0;
    const stop = services.outbox.onWake(() => {
      wakes += 1;
    });
    const sent = await post(row.id, { intent: "relancer", confirmation: "oui" });
    stop();
    expect(sent.status).toBe(303);
    expect(decodeURIComponent(sent.headers.get("set-cookie") ?? "")).toContain(`envoyée à ${email}`);
    expect(wakes).toBe(1);
    expect(await remindersQueuedTo(email)).toHaveLength(1);
    const [event] = await listActivity(services.db, "facture", row.id);
    expect(event).toMatchObject({ kind: "reminder_manual", actorEmail: actor.email });

    // A draft cannot be reminded: 409 with the reason.
    const { quoteId } = await acceptedQuote();
    const draft = await createInvoiceDraft(services.db, quoteId, { kind: "solde" }, actor);
    const onDraft = await post(draft.id, { intent: "relancer", confirmation: "oui" });
    expect(onDraft.status).toBe(409);
    expect((onDraft.data as { message: string }).message).toMatch(/brouillon/);
    expect((await post(draft.id, { intent: "suspendre-relances" })).status).toBe(409);
    const rows = await services.db
      .select({ suspended: invoices.remindersSuspended })
      .from(invoices)
      .where(and(eq(invoices.id, draft.id), eq(invoices.remindersSuspended, true)));
    expect(rows).toEqual([]);
  });
});
