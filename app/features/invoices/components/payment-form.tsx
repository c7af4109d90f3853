import { Form } from "react-router";
import { DateField, MoneyField, SelectField, TextField } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { PAYMENT_METHOD_VALUES } from "#app/db/schema/invoices.ts";
import { formatCents } from "#app/lib/money.ts";
import { PAYMENT_METHOD_LABELS } from "../labels.ts";
import { INVOICE_INTENTS } from "../request.ts";

/** « Enregistrer un paiement » on an issued invoice still owed: the day, the amount (what is left), the method, a reference. */
export function PaymentForm({
  today,
  left,
  pending,
  fieldError,
}: {
  today: string;
  left: number;
  /** The intent being posted, if any. */
  pending: string | null;
  fieldError: (field: string) => string[] | undefined;
}) {
  return (
    <Panel id="facture-paiement" title="Enregistrer un paiement">
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value={INVOICE_INTENTS.pay} />
        <DateField
          name="paidOn"
          label="Date du paiement"
          required
          defaultValue={today}
          errors={fieldError("paidOn")}
        />
        <MoneyField
          name="amount"
          label="Montant reçu"
          required
          defaultValue={formatCents(left).replace(/\s*€$/, "")}
          errors={fieldError("amount")}
        />
        <SelectField
          name="method"
          label="Moyen de paiement"
          required
          defaultValue="virement"
          options={PAYMENT_METHOD_VALUES.map((value) => ({
            value,
            label: PAYMENT_METHOD_LABELS[value],
          }))}
          errors={fieldError("method")}
        />
        <TextField
          name="reference"
          label="Référence (facultative)"
          maxLength={120}
          errors={fieldError("reference")}
        />
        <div>
          <button type="submit" className={buttonClasses("secondary", "md")} disabled={pending !== null}>
            {pending === INVOICE_INTENTS.pay ? "Enregistrement…" : "Enregistrer le paiement"}
          </button>
        </div>
      </Form>
    </Panel>
  );
}
