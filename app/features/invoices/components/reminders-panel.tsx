import { BellOff, BellRing, Mail } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import type { ReminderOverview } from "../reminders.server.ts";
import { REMINDER_INTENTS } from "../request.ts";

const LEVEL_TITLES = { 1: "Premier rappel", 2: "Deuxième rappel", 3: "Dernier rappel" } as const;

/** What the next automatic reminder will be, or why there is none. */
function nextReminderText(reminders: ReminderOverview): string {
  if (reminders.suspended) return "Relances suspendues";
  if (reminders.sent >= 3) return "Plus de relance automatique : les trois ont été envoyées";
  if (!reminders.to) return "Aucune : le client n'a pas d'adresse e-mail";
  if (!reminders.next) return "—";
  const { level, on, postponed } = reminders.next;
  return `${LEVEL_TITLES[level]} le ${formatDate(on)}${postponed ? " (reportée après la relance envoyée à la main)" : ""}`;
}

/** The « Relances » panel of an issued invoice still owed (reads on a phone: one column, full-width buttons). */
export function RemindersPanel({
  reminders,
  clientId,
  pending,
}: {
  reminders: ReminderOverview;
  clientId: string;
  pending: string | null;
}) {
  const sendFormId = useId();
  return (
    <Panel id="facture-relances" title="Relances">
      <Facts
        columns={1}
        facts={[
          {
            label: "Relances automatiques envoyées",
            value: `${reminders.sent} sur 3`,
          },
          {
            label: "Dernière relance",
            value: reminders.lastAt ? formatDateTime(reminders.lastAt, "medium") : "Aucune",
          },
          { label: "Prochaine relance", value: nextReminderText(reminders) },
        ]}
      />
      {reminders.to ? (
        <p className="mt-3 text-sm break-words text-slate-700">
          Adresse des relances : {reminders.to}. La facture est jointe à chaque e-mail.
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          Ajoutez l'adresse e-mail du client sur{" "}
          <Link to={`/erp/clients/${clientId}`} className="font-semibold text-brand-700 underline">
            sa fiche
          </Link>{" "}
          pour pouvoir le relancer.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {reminders.to ? (
          <>
            <Form id={sendFormId} method="post" hidden>
              <input type="hidden" name="intent" value={REMINDER_INTENTS.send} />
              <input type="hidden" name="confirmation" value="oui" />
            </Form>
            <ConfirmDialog
              trigger={
                <button type="button" className={buttonClasses("secondary", "md", "w-full sm:w-auto")}>
                  <Mail aria-hidden="true" className="size-4" />
                  Envoyer une relance maintenant
                </button>
              }
              title="Envoyer une relance maintenant ?"
              description={`Un e-mail de rappel part tout de suite à ${reminders.to}, avec la facture en pièce jointe. La prochaine relance automatique attendra au moins 7 jours.`}
              confirmLabel="Envoyer la relance"
              form={sendFormId}
              pending={pending === REMINDER_INTENTS.send}
              pendingLabel="Envoi…"
            />
          </>
        ) : null}
        <Form method="post" className="contents">
          <input
            type="hidden"
            name="intent"
            value={reminders.suspended ? REMINDER_INTENTS.resume : REMINDER_INTENTS.suspend}
          />
          <button
            type="submit"
            className={buttonClasses("outline", "md", "w-full sm:w-auto")}
            disabled={pending !== null}
          >
            {reminders.suspended ? (
              <>
                <BellRing aria-hidden="true" className="size-4" />
                Reprendre les relances
              </>
            ) : (
              <>
                <BellOff aria-hidden="true" className="size-4" />
                Suspendre les relances
              </>
            )}
          </button>
        </Form>
      </div>
    </Panel>
  );
}
