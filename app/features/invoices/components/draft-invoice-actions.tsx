import { Eye, Send, Trash2 } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { INVOICE_INTENTS as INTENTS } from "../request.ts";
import type { DialogControl } from "./use-dialogs.ts";

/** A draft invoice's actions: « Aperçu PDF », « Émettre » (waits for a saved editor) and « Supprimer le brouillon », behind confirmations. */
export function DraftInvoiceActions({
  invoice,
  editorDirty,
  dialog,
  pending,
}: {
  invoice: { id: string; quoteId: string | null };
  editorDirty: boolean;
  dialog: (name: string) => DialogControl;
  pending: string | null;
}) {
  const issueFormId = useId();
  const removeFormId = useId();
  return (
    <>
      <a
        href={`/erp/factures/${invoice.id}/apercu.pdf`}
        className={buttonClasses("outline", "md")}
        title="Le document tel qu'il sera émis, sans numéro, marqué « Brouillon – sans valeur »"
      >
        <Eye aria-hidden="true" className="size-4" />
        Aperçu PDF
      </a>
      <Form id={issueFormId} method="post" hidden>
        <input type="hidden" name="intent" value={INTENTS.issue} />
      </Form>
      <ConfirmDialog
        {...dialog(INTENTS.issue)}
        trigger={
          <button
            type="button"
            className={buttonClasses("primary", "md")}
            disabled={editorDirty}
            title={editorDirty ? "Enregistrez d'abord vos modifications." : undefined}
          >
            <Send aria-hidden="true" className="size-4" />
            Émettre
          </button>
        }
        title="Émettre cette facture ?"
        description="Elle reçoit son numéro, son PDF Factur-X est créé et elle ne pourra plus être modifiée : une correction passera par un avoir."
        confirmLabel="Émettre la facture"
        form={issueFormId}
        pending={pending === INTENTS.issue}
        pendingLabel="Émission…"
      />
      <Form id={removeFormId} method="post" hidden>
        <input type="hidden" name="intent" value={INTENTS.remove} />
        <input type="hidden" name="confirmation" value="oui" />
      </Form>
      <ConfirmDialog
        {...dialog(INTENTS.remove)}
        trigger={
          <button type="button" className={buttonClasses("outline", "md")}>
            <Trash2 aria-hidden="true" className="size-4" />
            Supprimer le brouillon
          </button>
        }
        title="Supprimer ce brouillon de facture ?"
        description={
          invoice.quoteId
            ? "Rien n'a été émis : le devis reste à facturer."
            : "Rien n'a été émis : le brouillon et ses lignes sont supprimés."
        }
        confirmLabel="Supprimer le brouillon"
        destructive
        form={removeFormId}
        pending={pending === INTENTS.remove}
        pendingLabel="Suppression…"
      />
    </>
  );
}
