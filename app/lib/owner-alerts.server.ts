import { and, asc, eq, isNull } from "drizzle-orm";
import { company } from "#app/config/company.ts";
import type { Database } from "#app/db/client.server.ts";
import { ownerAlertMails, ownerAlerts } from "#app/db/schema/alerts.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { heading, paragraph, renderEmail, table } from "./email-html.ts";
import { type DbExecutor, enqueueMail } from "./outbox.server.ts";
import { formatDateTime, parisDay } from "./paris-time.ts";

/*
 * Alerts for the owner about the system itself: a scheduled backup that failed, no
 * backup for 48 hours, later a broken integrity chain. Generic on purpose: a check raises
 * its kind with a French title and message, and resolves it when things are right again.
 *
 * - At most one open alert per kind (a partial unique index): raising it again updates
 *   the open one (its message becomes the latest reason).
 * - Raising e-mails the owners (the active accounts whose role is « owner »; with none,
 *   the company's notify address) through the outbox, at most once per kind and Paris day
 *   across instances (owner_alert_mails).
 * - Resolving closes it; the row stays, as history.
 */

export type OwnerAlert = {
  id: string;
  kind: string;
  title: string;
  message: string;
  openedAt: Date;
  updatedAt: Date;
};

export type RaiseOwnerAlertInput = {
  /** What went wrong, as the code names it (« sauvegarde »): one open alert per kind. */
  kind: string;
  /** The owner's words, in French: « La sauvegarde automatique a échoué ». */
  title: string;
  /** What happened and what to do, in French. */
  message: string;
  now?: Date;
  /** The site's origin, for the e-mail's link to the Espace Pro (env.SITE_URL). */
  siteUrl?: string;
  /** Who is e-mailed when no active owner account exists (env.NOTIFY_EMAIL). */
  fallbackEmail?: string;
};

export type RaisedOwnerAlert = {
  alert: OwnerAlert;
  /** An e-mail was queued (the first raise of this kind this Paris day): wake the outbox. */
  mailed: boolean;
};

const alertColumns = {
  id: ownerAlerts.id,
  kind: ownerAlerts.kind,
  title: ownerAlerts.title,
  message: ownerAlerts.message,
  openedAt: ownerAlerts.openedAt,
  updatedAt: ownerAlerts.updatedAt,
};

/** The e-mail addresses of the active owner accounts, or the fallback when there is none. */
export async function ownerRecipients(
  db: DbExecutor,
  fallbackEmail: string = company.email,
): Promise<string[]> {
  const owners = await db
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(and(eq(authUsers.role, "owner"), eq(authUsers.disabled, false)))
    .orderBy(asc(authUsers.email));
  return owners.length > 0 ? owners.map((owner) => owner.email) : [fallbackEmail];
}

/** The e-mail of an alert: its title, what happened, when, and where to look. */
export function ownerAlertMail(
  alert: Pick<OwnerAlert, "kind" | "title" | "message">,
  { to, at, siteUrl }: { to: string[]; at: Date; siteUrl?: string },
) {
  const erpUrl = siteUrl ? `${siteUrl.replace(/\/+$/, "")}/erp` : null;
  const { text, html } = renderEmail({
    title: alert.title,
    blocks: [
      heading(alert.title),
      paragraph(alert.message, { tone: "notice" }),
      table([
        ["Constaté le", formatDateTime(at, "full")],
        ...(erpUrl ? ([["Tableau de bord", [{ href: erpUrl }]]] as const) : []),
      ]),
      paragraph(
        "Cette alerte reste affichée sur le tableau de bord de l'Espace Pro tant que le problème n'est pas réglé. Vous ne recevrez pas plus d'un e-mail par jour à son sujet.",
        { tone: "muted" },
      ),
    ],
  });
  return {
    kind: `owner-alert.${alert.kind}`,
    to: to.join(", "),
    subject: `Alerte : ${alert.title}`,
    text,
    html,
  };
}

/**
 * Records (or updates) the open alert of `kind` and, the first time this Paris day,
 * queues one e-mail to the owners. Returns the alert and whether an e-mail was queued.
 */
export async function raiseOwnerAlert(db: Database, input: RaiseOwnerAlertInput): Promise<RaisedOwnerAlert> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [alert] = await tx
      .insert(ownerAlerts)
      .values({ kind: input.kind, title: input.title, message: input.message, openedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: ownerAlerts.kind,
        targetWhere: isNull(ownerAlerts.resolvedAt),
        set: { title: input.title, message: input.message, updatedAt: now },
      })
      .returning(alertColumns);
    if (!alert) throw new Error("Alerte non enregistrée.");
    const firstToday = await tx
      .insert(ownerAlertMails)
      .values({ kind: input.kind, day: parisDay(now), sentAt: now })
      .onConflictDoNothing()
      .returning({ kind: ownerAlertMails.kind });
    if (firstToday.length === 0) return { alert, mailed: false };
    const to = await ownerRecipients(tx, input.fallbackEmail);
    await enqueueMail(tx, ownerAlertMail(alert, { to, at: now, siteUrl: input.siteUrl }));
    return { alert, mailed: true };
  });
}

/** Closes the open alert of `kind`; true when there was one. */
export async function resolveOwnerAlert(db: DbExecutor, kind: string, now = new Date()): Promise<boolean> {
  const closed = await db
    .update(ownerAlerts)
    .set({ resolvedAt: now, updatedAt: now })
    .where(and(eq(ownerAlerts.kind, kind), isNull(ownerAlerts.resolvedAt)))
    .returning({ id: ownerAlerts.id });
  return closed.length > 0;
}

/** Every open alert, the oldest first. */
export async function openOwnerAlerts(db: DbExecutor): Promise<OwnerAlert[]> {
  return db
    .select(alertColumns)
    .from(ownerAlerts)
    .where(isNull(ownerAlerts.resolvedAt))
    .orderBy(asc(ownerAlerts.openedAt), asc(ownerAlerts.kind));
}
