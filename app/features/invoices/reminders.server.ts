import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { activityEvents } from "#app/db/schema/activity.ts";
import { clients } from "#app/db/schema/clients.ts";
import { type InvoiceRow, type InvoiceStatus, invoices } from "#app/db/schema/invoices.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { heading, paragraph, table } from "#app/lib/email-html.ts";
import { type Cents, formatCents } from "#app/lib/money.ts";
import { type DbExecutor, enqueueMail, type OutboxMessageInput } from "#app/lib/outbox.server.ts";
import { addDays, daysBetween, formatDate, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import {
  type BankDetails,
  bankDetails,
  clientAddress,
  mailWithInvoicePdf,
  paymentBlocks,
} from "./client-mail.server.ts";
import { owedSql } from "./owed.server.ts";
import { amountOwed } from "./owed.ts";
import {
  type InvoiceActor,
  InvoiceStateError,
  recordInvoiceActivity,
  withLockedInvoice,
} from "./query.server.ts";

/*
 * Reminders (« Relances ») of the invoices still owed: a polite e-mail at the due date
 * + 1, + 15 and + 30 days (Paris calendar days), the invoice's PDF attached, written to
 * the outbox in the transaction that records it. The daily job (./overdue.server.ts)
 * calls `sendDueReminders`; the staff send one by hand (`sendReminderNow`) and suspend
 * them for an invoice (`setRemindersSuspended`). A payment in full stops them: only
 * invoices with something left to pay are reminded.
 */

export type ReminderLevel = 1 | 2 | 3;

/** Days after the due day at which each level is sent. */
export const REMINDER_OFFSETS: Readonly<Record<ReminderLevel, number>> = { 1: 1, 2: 15, 3: 30 };

/** A reminder sent by hand postpones the automatic one this many days. */
export const MANUAL_REMINDER_POSTPONE_DAYS = 7;

/** The first day an automatic reminder may follow one sent by hand at `sentAt`. */
function manualPostponedUntil(sentAt: Date): IsoDay {
  return addDays(parisDay(sentAt), MANUAL_REMINDER_POSTPONE_DAYS);
}

/** The statuses of an issued invoice that may still be owed (not a draft, not paid, not cancelled). */
const REMINDABLE_STATUSES: InvoiceStatus[] = ["emise", "partiellement_payee", "en_retard"];

/** The activity kinds this module writes. */
export const REMINDER_ACTIVITY = {
  automatic: "reminder",
  manual: "reminder_manual",
  suspended: "reminders_suspended",
  resumed: "reminders_resumed",
} as const;

/** What each level is called in the history and on the invoice's page. */
export const REMINDER_LEVEL_NAMES: Readonly<Record<ReminderLevel, string>> = {
  1: "premier rappel",
  2: "deuxième rappel",
  3: "dernier rappel avant mise en demeure",
};

/** The highest level reached on `today` for an invoice due on `dueOn` (0: none yet). */
export function reminderLevelReached(dueOn: IsoDay, today: IsoDay): 0 | ReminderLevel {
  const late = daysBetween(dueOn, today);
  if (late >= REMINDER_OFFSETS[3]) return 3;
  if (late >= REMINDER_OFFSETS[2]) return 2;
  if (late >= REMINDER_OFFSETS[1]) return 1;
  return 0;
}

/** The day a level is due for an invoice due on `dueOn`. */
export function reminderDay(dueOn: IsoDay, level: ReminderLevel): IsoDay {
  return addDays(dueOn, REMINDER_OFFSETS[level]);
}

// ─── The e-mail ──────────────────────────────────────────────────────────────────────

export type ReminderMailInput = {
  /** 1 to 3; 0: a reminder by hand before the invoice is late (« à régler avant le »). */
  level: 0 | ReminderLevel;
  to: string;
  clientName: string;
  number: string;
  issuedOn: IsoDay;
  dueOn: IsoDay;
  netToPay: Cents;
  /** What credit notes took off the invoice (positive). */
  credited?: Cents;
  paid: Cents;
  pdfStorageKey: string;
  bank: BankDetails;
  /** Reminders this client already received for the invoice (automatic or by hand): the wording says so only when true. */
  previous: number;
};

/** The subject line of a reminder. */
export function reminderSubject(level: 0 | ReminderLevel, number: string, dueOn: IsoDay): string {
  const due = formatDate(dueOn);
  if (level === 0) return `Rappel : facture ${number} à régler au plus tard le ${due}`;
  if (level === 1) return `Rappel : facture ${number} échue le ${due}`;
  if (level === 2) return `Deuxième rappel : facture ${number} échue le ${due}`;
  return `Dernier rappel : facture ${number} échue le ${due}`;
}

/** What each level says before the figures: courteous, then firmer, never threatening. */
function openingLines({ level, number, issuedOn, dueOn, previous }: ReminderMailInput): string[] {
  const invoice = `notre facture ${number} du ${formatDate(issuedOn)}`;
  const due = formatDate(dueOn);
  const earlier =
    previous === 0 ? null : previous === 1 ? "notre précédent rappel" : "nos précédents rappels";
  if (level === 0) {
    return [
      `Nous nous permettons de vous rappeler que ${invoice} arrive à échéance le ${due}.`,
      "Vous la trouverez ci-jointe, avec nos coordonnées bancaires ci-dessous pour faciliter votre règlement.",
    ];
  }
  if (level === 1) {
    return [
      `Sauf erreur ou omission de notre part, ${invoice}, dont l'échéance était fixée au ${due}, n'a pas encore été réglée.`,
      "Il s'agit sans doute d'un simple oubli : nous vous remercions de bien vouloir procéder à son règlement dès que possible. Vous la trouverez ci-jointe.",
    ];
  }
  if (level === 2) {
    return [
      `Nous revenons vers vous au sujet de ${invoice}, échue le ${due}, qui reste à ce jour impayée${earlier ? ` malgré ${earlier}` : ""}.`,
      "Nous vous remercions de bien vouloir en effectuer le règlement dans les meilleurs délais. La facture est de nouveau jointe à ce message.",
    ];
  }
  return [
    earlier
      ? `Malgré ${earlier}, ${invoice}, échue le ${due}, n'est toujours pas réglée.`
      : `Sauf erreur de notre part, ${invoice}, échue le ${due}, n'est toujours pas réglée.`,
    "Ce message est notre dernier rappel amiable. Sans règlement de votre part, la prochaine étape serait de vous adresser une mise en demeure de payer, ce que nous souhaitons vivement éviter.",
    "Si une difficulté vous empêche de régler cette facture, n'hésitez pas à nous contacter : nous chercherons ensemble une solution, par exemple un échéancier.",
  ];
}

/** The reminder e-mail, in text and HTML, with the invoice's PDF attached. */
export function reminderMail(input: ReminderMailInput): OutboxMessageInput {
  const credited = input.credited ?? 0;
  // The invoice is open (a reminder is sent for nothing else): what it owes is the shared rule's.
  const left = amountOwed({
    kind: "facture",
    status: "emise",
    netToPayCents: input.netToPay,
    creditedCents: credited,
    paidCents: input.paid,
  });
  const bank = paymentBlocks(input.bank, input.number);
  return mailWithInvoicePdf(
    {
      kind: input.level === 0 ? "invoice.reminder.manual" : `invoice.reminder.${input.level}`,
      to: input.to,
      subject: reminderSubject(input.level, input.number, input.dueOn),
      number: input.number,
      pdfStorageKey: input.pdfStorageKey,
    },
    [
      heading(input.level === 0 ? `Facture ${input.number}` : `Rappel — facture ${input.number}`),
      paragraph(`Bonjour ${input.clientName},`),
      ...openingLines(input).map((line) => paragraph(line)),
      table(
        [
          ["Facture", input.number],
          ["Émise le", formatDate(input.issuedOn)],
          ["Échéance", formatDate(input.dueOn)],
          ...(input.paid > 0 || credited > 0
            ? ([
                ["Montant de la facture", formatCents(input.netToPay)],
                ...(credited > 0 ? ([["Avoirs déduits", formatCents(credited)]] as const) : []),
                ...(input.paid > 0 ? ([["Déjà réglé", formatCents(input.paid)]] as const) : []),
              ] as const)
            : []),
          ["Reste à régler", [{ strong: formatCents(left) }]],
        ],
        { amounts: true },
      ),
      ...bank,
      paragraph(
        "Si votre règlement a été effectué entre-temps, nous vous en remercions et vous prions de ne pas tenir compte de ce message. Pour toute question, répondez simplement à cet e-mail ou appelez-nous.",
        { tone: "muted" },
      ),
    ],
  );
}

// ─── What is due ─────────────────────────────────────────────────────────────────────

/** The last reminder sent by hand to each of these invoices (its instant). */
async function lastManualReminders(
  db: DbExecutor,
  invoiceIds: readonly string[],
): Promise<Map<string, Date>> {
  if (invoiceIds.length === 0) return new Map();
  const sentAt = sql<string>`max((${activityEvents.data} ->> 'sentAt')::timestamptz)`;
  const rows = await db
    .select({ subjectId: activityEvents.subjectId, sentAt })
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.subjectType, "facture"),
        eq(activityEvents.kind, REMINDER_ACTIVITY.manual),
        inArray(activityEvents.subjectId, [...invoiceIds]),
      ),
    )
    .groupBy(activityEvents.subjectId);
  return new Map(
    rows.filter((row) => row.sentAt !== null).map((row) => [row.subjectId, new Date(row.sentAt)]),
  );
}

/** How many reminders (automatic or by hand) an invoice's history holds. */
async function remindersInHistory(db: DbExecutor, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.subjectType, "facture"),
        eq(activityEvents.subjectId, invoiceId),
        inArray(activityEvents.kind, [REMINDER_ACTIVITY.automatic, REMINDER_ACTIVITY.manual]),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Still owed, still remindable: the conditions a claim re-checks inside its transaction. */
function stillRemindable() {
  return and(
    ne(invoices.kind, "avoir"),
    inArray(invoices.status, REMINDABLE_STATUSES),
    eq(invoices.remindersSuspended, false),
    gt(owedSql(), sql`0`),
  );
}

export type SentReminder = {
  invoiceId: string;
  number: string;
  level: ReminderLevel;
  to: string;
  /** Levels passed over because the job had not run on their day. */
  skipped: ReminderLevel[];
  outboxId: string;
};

/**
 * The daily run: each issued invoice still owed, not suspended, whose client has an
 * e-mail, gets the highest level it has reached if it was not sent yet (one e-mail per
 * invoice per run; a missed day sends only the highest). A reminder sent by hand in the
 * last 7 days postpones it to a later run. Each invoice is claimed by a conditional
 * UPDATE (reminders_sent still what was read) in the transaction that queues the e-mail
 * and writes the history: two instances running at once never send a level twice.
 * Call `outbox.wake()` after it when it returns something.
 */
export async function sendDueReminders(db: Database, now: Date = new Date()): Promise<SentReminder[]> {
  const today = parisDay(now);
  const candidates = await db
    .select({ id: invoices.id, dueOn: invoices.dueOn, remindersSent: invoices.remindersSent })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        stillRemindable(),
        lt(invoices.remindersSent, 3),
        isNotNull(invoices.dueOn),
        lt(invoices.dueOn, today),
        isNotNull(invoices.number),
        isNotNull(invoices.issuedOn),
        isNotNull(invoices.pdfStorageKey),
        isNotNull(clients.email),
        ne(clients.email, ""),
        isNull(clients.anonymisedAt),
      ),
    )
    .orderBy(invoices.dueOn, invoices.id);
  const due = candidates.flatMap((candidate) => {
    const level = candidate.dueOn ? reminderLevelReached(candidate.dueOn, today) : 0;
    return level > candidate.remindersSent ? [{ ...candidate, level: level as ReminderLevel }] : [];
  });
  const manual = await lastManualReminders(
    db,
    due.map((candidate) => candidate.id),
  );
  const sent: SentReminder[] = [];
  for (const candidate of due) {
    const handSent = manual.get(candidate.id);
    if (handSent && today < manualPostponedUntil(handSent)) continue;
    const reminder = await db.transaction(async (tx): Promise<SentReminder | null> => {
      const [client] = await tx
        .select({ name: clients.name, email: clients.email, anonymisedAt: clients.anonymisedAt })
        .from(clients)
        .innerJoin(invoices, eq(invoices.clientId, clients.id))
        .where(eq(invoices.id, candidate.id));
      // The address may have been removed since the list was read.
      const to = client ? clientAddress(client) : null;
      if (!client || !to) return null;
      const [claimed] = await tx
        .update(invoices)
        .set({ remindersSent: candidate.level, lastReminderAt: now, updatedAt: now })
        .where(
          and(
            eq(invoices.id, candidate.id),
            eq(invoices.remindersSent, candidate.remindersSent),
            stillRemindable(),
          ),
        )
        .returning();
      // Another run claimed it first, or it was paid, suspended or cancelled meanwhile.
      if (!claimed) return null;
      if (!claimed.number || !claimed.issuedOn || !claimed.dueOn || !claimed.pdfStorageKey) {
        throw new Error(`Facture émise incomplète : ${claimed.id}`);
      }
      const skipped = ([1, 2, 3] as const).filter(
        (level) => level > candidate.remindersSent && level < candidate.level,
      );
      const outboxId = await enqueueMail(
        tx,
        reminderMail({
          level: candidate.level,
          to,
          clientName: client.name,
          number: claimed.number,
          issuedOn: claimed.issuedOn,
          dueOn: claimed.dueOn,
          netToPay: claimed.netToPayCents,
          credited: claimed.creditedCents,
          paid: claimed.paidCents,
          pdfStorageKey: claimed.pdfStorageKey,
          bank: await bankDetails(tx),
          previous: await remindersInHistory(tx, claimed.id),
        }),
      );
      const late = daysBetween(claimed.dueOn, today);
      const left = formatCents(amountOwed(claimed));
      const skippedText =
        skipped.length === 0
          ? ""
          : skipped.length === 1
            ? ` ; la relance n° ${skipped[0]}, dont le jour était passé, n'a pas été envoyée`
            : ` ; les relances n° ${skipped.join(" et ")}, dont les jours étaient passés, n'ont pas été envoyées`;
      await recordActivities(tx, [
        {
          subjectType: "facture",
          subjectId: claimed.id,
          kind: REMINDER_ACTIVITY.automatic,
          summary: `Relance n° ${candidate.level} (${REMINDER_LEVEL_NAMES[candidate.level]}) envoyée à ${to} : échéance dépassée de ${late} jour${late > 1 ? "s" : ""}, reste dû ${left}${skippedText}`,
          data: {
            level: candidate.level,
            skipped,
            to,
            sentAt: now.toISOString(),
            leftCents: amountOwed(claimed),
            outboxId,
          },
          actor: null,
        },
      ]);
      return { invoiceId: claimed.id, number: claimed.number, level: candidate.level, to, skipped, outboxId };
    });
    if (reminder) sent.push(reminder);
  }
  return sent;
}

// ─── By hand ─────────────────────────────────────────────────────────────────────────

function refusalFor(row: InvoiceRow): string | null {
  if (row.status === "brouillon") {
    return "Un brouillon n'a pas été envoyé au client : il n'y a rien à relancer.";
  }
  if (row.kind === "avoir") return "Un avoir ne se relance pas : il ne demande aucun paiement.";
  if (row.status === "annulee") return "Cette facture est annulée par un avoir : il n'y a rien à relancer.";
  if (row.status === "payee" || amountOwed(row) <= 0) {
    return "Cette facture est payée : il n'y a plus rien à relancer.";
  }
  return null;
}

export type ManualReminder = { number: string; to: string; outboxId: string };

/**
 * « Envoyer une relance maintenant »: the same e-mail as the automatic reminder of the
 * level already reached (the courteous one when none was sent yet; a reminder before the
 * due day says when it is due), logged with who sent it. Moves `lastReminderAt`, not
 * `remindersSent`: the automatic schedule goes on, 7 days later at the earliest.
 */
export async function sendReminderNow(
  db: Database,
  invoiceId: string,
  actor: InvoiceActor,
  now: Date = new Date(),
): Promise<ManualReminder> {
  return withLockedInvoice(db, invoiceId, async (tx, row) => {
    const refusal = refusalFor(row);
    if (refusal) throw new InvoiceStateError(refusal);
    if (!row.number || !row.issuedOn || !row.dueOn || !row.pdfStorageKey) {
      throw new InvoiceStateError(
        "Le PDF de cette facture est introuvable : la relance ne peut pas le joindre.",
      );
    }
    const [client] = await tx
      .select({ name: clients.name, email: clients.email, anonymisedAt: clients.anonymisedAt })
      .from(clients)
      .where(eq(clients.id, row.clientId));
    const to = client ? clientAddress(client) : null;
    if (!client || !to) {
      throw new InvoiceStateError(
        "Le client n'a pas d'adresse e-mail : complétez sa fiche pour pouvoir lui envoyer une relance.",
      );
    }
    const today = parisDay(now);
    const level: 0 | ReminderLevel =
      today <= row.dueOn ? 0 : (Math.max(1, Math.min(3, row.remindersSent)) as ReminderLevel);
    const outboxId = await enqueueMail(
      tx,
      reminderMail({
        level,
        to,
        clientName: client.name,
        number: row.number,
        issuedOn: row.issuedOn,
        dueOn: row.dueOn,
        netToPay: row.netToPayCents,
        credited: row.creditedCents,
        paid: row.paidCents,
        pdfStorageKey: row.pdfStorageKey,
        bank: await bankDetails(tx),
        previous: await remindersInHistory(tx, row.id),
      }),
    );
    await tx.update(invoices).set({ lastReminderAt: now, updatedAt: now }).where(eq(invoices.id, row.id));
    const left = formatCents(amountOwed(row));
    await recordInvoiceActivity(tx, row.id, actor, {
      kind: REMINDER_ACTIVITY.manual,
      summary: `Relance envoyée à la main à ${to} (${level === 0 ? "rappel avant échéance" : REMINDER_LEVEL_NAMES[level]}), reste dû ${left}`,
      data: {
        level,
        to,
        sentAt: now.toISOString(),
        leftCents: amountOwed(row),
        outboxId,
      },
    });
    return { number: row.number, to, outboxId };
  });
}

/**
 * « Suspendre les relances » / « Reprendre les relances » for one issued invoice.
 * Returns whether it changed (false: it already was so; nothing is written).
 */
export async function setRemindersSuspended(
  db: Database,
  invoiceId: string,
  suspended: boolean,
  actor: InvoiceActor,
  now: Date = new Date(),
): Promise<{ changed: boolean }> {
  return withLockedInvoice(db, invoiceId, async (tx, row) => {
    if (row.status === "brouillon" || row.kind === "avoir") {
      throw new InvoiceStateError("Les relances ne concernent que les factures émises.");
    }
    if (row.remindersSuspended === suspended) return { changed: false };
    await tx
      .update(invoices)
      .set({ remindersSuspended: suspended, updatedAt: now })
      .where(eq(invoices.id, row.id));
    await recordInvoiceActivity(tx, row.id, actor, {
      kind: suspended ? REMINDER_ACTIVITY.suspended : REMINDER_ACTIVITY.resumed,
      summary: suspended ? "Relances automatiques suspendues" : "Relances automatiques reprises",
    });
    return { changed: true };
  });
}

// ─── On the invoice's page ───────────────────────────────────────────────────────────

export type ReminderOverview = {
  sent: number;
  lastAt: Date | null;
  suspended: boolean;
  /** The client's address; null: no reminder can be sent. */
  to: string | null;
  /** The next automatic reminder; null when suspended, all three sent or no address. */
  next: { level: ReminderLevel; on: IsoDay; postponed: boolean } | null;
};

/**
 * The « Relances » panel of an issued invoice still owed; null for a draft, a credit
 * note, a cancelled or paid invoice (nothing to remind).
 */
export async function reminderOverview(
  db: DbExecutor,
  invoice: InvoiceRow,
  now: Date = new Date(),
): Promise<ReminderOverview | null> {
  if (refusalFor(invoice) || !invoice.dueOn) return null;
  const [client] = await db
    .select({ email: clients.email, anonymisedAt: clients.anonymisedAt })
    .from(clients)
    .where(eq(clients.id, invoice.clientId));
  const to = client ? clientAddress(client) : null;
  const base = {
    sent: invoice.remindersSent,
    lastAt: invoice.lastReminderAt,
    suspended: invoice.remindersSuspended,
    to,
  };
  if (invoice.remindersSuspended || invoice.remindersSent >= 3 || !to) return { ...base, next: null };
  const today = parisDay(now);
  const reached = reminderLevelReached(invoice.dueOn, today);
  // Missed days: the highest level reached goes at the next run (today).
  const level = (reached > invoice.remindersSent ? reached : invoice.remindersSent + 1) as ReminderLevel;
  let on = reached > invoice.remindersSent ? today : reminderDay(invoice.dueOn, level);
  let postponed = false;
  const handSent = (await lastManualReminders(db, [invoice.id])).get(invoice.id);
  if (handSent) {
    const after = manualPostponedUntil(handSent);
    if (after > on) {
      on = after;
      postponed = true;
    }
  }
  return { ...base, next: { level, on, postponed } };
}
