import { Mail } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import type { DeliveryOverview } from "../delivery.server.ts";
import { INVOICE_INTENTS } from "../request.ts";
import type { DialogControl } from "./use-dialogs.ts";

/** « Envoyer au client » (« Renvoyer au client » once sent), behind a confirmation naming the address. */
export function SendToClient({
  delivery,
  invoice,
  dialog,
  pending,
}: {
  delivery: DeliveryOverview;
  invoice: { number: string | null; kind: string };
  dialog: DialogControl;
  pending: boolean;
}) {
  const formId = useId();
  const label = delivery.sent > 0 ? "Renvoyer au client" : "Envoyer au client";
  const creditNote = invoice.kind === "avoir";
  const form = (
    <Form id={formId} method="post" hidden={delivery.to !== null}>
      <input type="hidden" name="intent" value={INVOICE_INTENTS.send} />
      <input type="hidden" name="confirmation" value="oui" />
      {delivery.to === null ? (
        // No address: nothing goes out, the answer says where to fill it in.
        <button type="submit" className={buttonClasses("secondary", "md")} disabled={pending}>
          <Mail aria-hidden="true" className="size-4" />
          {label}
        </button>
      ) : null}
    </Form>
  );
  if (delivery.to === null) return form;
  return (
    <>
      {form}
      <ConfirmDialog
        {...dialog}
        trigger={
          <button type="button" className={buttonClasses("secondary", "md")}>
            <Mail aria-hidden="true" className="size-4" />
            {label}
          </button>
        }
        title={`${delivery.sent > 0 ? "Renvoyer" : "Envoyer"} ${creditNote ? "cet avoir" : "cette facture"} au client ?`}
        description={
          <>
            Un e-mail part à <strong className="break-all">{delivery.to}</strong> avec{" "}
            {creditNote ? "l'avoir" : "la facture"} {invoice.number} en pièce jointe (le PDF Factur-X émis)
            {creditNote
              ? ", en précisant la facture qu'il corrige."
              : ", les coordonnées bancaires, la référence du virement et l'échéance."}
            {delivery.sent > 0
              ? ` Déjà envoyé${creditNote ? "" : "e"} ${delivery.sent} fois (voir l'historique).`
              : ""}
          </>
        }
        confirmLabel={delivery.sent > 0 ? "Renvoyer" : "Envoyer"}
        form={formId}
        pending={pending}
        pendingLabel="Envoi…"
      />
    </>
  );
}
