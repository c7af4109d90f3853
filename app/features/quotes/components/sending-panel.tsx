import { Send } from "lucide-react";
import { useId } from "react";
import { ProblemList } from "#app/components/data/problem-list.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import type { Problem } from "#app/lib/problems.ts";
import { IntentForm } from "./intent-form.tsx";

const SEND_INTENT = "envoyer";

/** « Avant l'envoi » of a draft quote: what stops it (each a link to its field), what to plan, and « Envoyer au client ». */
export function SendingPanel({
  clientEmail,
  shownMissing,
  warnings,
  editorDirty,
  pendingIntent,
}: {
  clientEmail: string | null;
  shownMissing: Problem[];
  warnings: Problem[];
  /** The editor holds unsaved changes: « Envoyer » waits (it sends what is saved). */
  editorDirty: boolean;
  pendingIntent: unknown;
}) {
  const sendFormId = useId();
  return (
    <Panel id="avant-envoi" title="Avant l'envoi">
      {shownMissing.length === 0 ? (
        <p className="text-slate-800">
          Toutes les mentions obligatoires peuvent être remplies : le devis est prêt à être envoyé à{" "}
          <strong>{clientEmail}</strong>. Enregistrez vos dernières modifications avant l'envoi.
        </p>
      ) : (
        <>
          <p className="text-slate-800">Le devis ne peut pas encore être envoyé :</p>
          <ProblemList items={shownMissing} testId="mentions-manquantes" />
        </>
      )}
      {warnings.length > 0 ? (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
          <p className="font-semibold">À prévoir (n'empêche pas l'envoi) :</p>
          <ProblemList items={warnings} testId="avertissements-envoi" />
        </div>
      ) : null}
      <IntentForm id={sendFormId} intent={SEND_INTENT} />
      {editorDirty ? (
        <p id="envoi-en-attente" className="mt-2 text-sm font-semibold text-accent-700">
          Enregistrez d'abord vos modifications : c'est la version enregistrée qui est envoyée.
        </p>
      ) : null}
      <div className="mt-3">
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className={buttonClasses("primary", "md")}
              disabled={editorDirty}
              aria-describedby={editorDirty ? "envoi-en-attente" : undefined}
            >
              <Send aria-hidden="true" className="size-4" />
              Envoyer au client
            </button>
          }
          title="Envoyer ce devis au client ?"
          description={`Le devis reçoit son numéro, son PDF est figé et envoyé à ${clientEmail ?? "l'adresse du client"} avec un lien pour l'accepter en ligne. Ensuite, toute modification passera par une nouvelle version.`}
          confirmLabel="Envoyer le devis"
          form={sendFormId}
          pending={pendingIntent === SEND_INTENT}
          pendingLabel="Envoi…"
        />
      </div>
    </Panel>
  );
}
