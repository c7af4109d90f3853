import { Form } from "react-router";
import { FileField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import type { Refusal } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";

const PAPER_INTENT = "accord-papier";

/** « Accord signé sur papier »: the signer and the scan of the quote signed at the office. */
export function PaperAcceptanceForm({
  signerName,
  refusal,
  pendingIntent,
}: {
  /** Who signs, by default: the client's name. */
  signerName: string;
  /** The refusal of this form, if the last post was it. */
  refusal: Refusal | null;
  pendingIntent: unknown;
}) {
  return (
    <Panel id="accord-papier" title="Accord signé sur papier">
      <p className="mb-3 text-sm text-slate-700">
        Le client a signé le devis à l'agence : enregistrez la copie numérisée (PDF, JPEG ou PNG, 10 Mo au
        plus).
      </p>
      {refusal?.message ? <FormAlert errors={[refusal.message]} /> : null}
      <Form method="post" encType="multipart/form-data" className="grid gap-3">
        <input type="hidden" name="intent" value={PAPER_INTENT} />
        <TextField
          name="signerName"
          label="Nom du signataire"
          required
          maxLength={120}
          defaultValue={signerName}
          errors={refusal?.fieldErrors?.signerName}
        />
        <FileField
          name="scan"
          label="Devis signé numérisé"
          accept="application/pdf,image/jpeg,image/png"
          required
          errors={refusal?.fieldErrors?.scan}
        />
        <div>
          <button
            type="submit"
            className={buttonClasses("secondary", "md")}
            disabled={pendingIntent !== null}
          >
            {pendingIntent === PAPER_INTENT ? "Enregistrement…" : "Enregistrer l'accord"}
          </button>
        </div>
      </Form>
    </Panel>
  );
}
