import { Paperclip, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { RecordItem, RecordList } from "#app/components/data/record-list.tsx";
import { DateField, FileField, MoneyField, SelectField, TextField } from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { FormSection } from "#app/components/forms/form-parts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmedPost } from "#app/components/ui/confirmed-post.tsx";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { SiteExpense } from "../costs.server.ts";
import { EXPENSE_VAT_CODES, EXPENSE_VAT_LABELS } from "../schema.ts";
import { LotField } from "./lot-field.tsx";

/*
 * « Autres dépenses »: what the site costs besides hours and purchase orders (a skip, a
 * rental, fuel, small purchases on a card), on a lot or on the whole site.
 */

function DeleteExpense({ expense }: { expense: SiteExpense }) {
  return (
    <ConfirmedPost
      intent="supprimer-depense"
      fields={{ expenseId: expense.id }}
      confirmation={false}
      variant="ghost"
      icon={Trash2}
      label={
        <>
          Supprimer<span className="sr-only"> la dépense « {expense.label} »</span>
        </>
      }
      title={`Supprimer la dépense « ${expense.label} » ?`}
      description={`${formatCents(expense.amountHtCents)} HT du ${formatDate(expense.spentOn)}. L'historique du chantier gardera sa trace.`}
      confirmLabel="Supprimer la dépense"
      pendingLabel="Suppression…"
    />
  );
}

export function ExpensesPanel({
  sitePath,
  expenses,
  lots,
  today,
  errors = {},
  values,
}: {
  /** « /erp/chantiers/<id> »: the receipts are served under it. */
  sitePath: string;
  expenses: readonly SiteExpense[];
  lots: readonly { id: string; title: string }[];
  today: string;
  errors?: FieldErrors;
  /** What was typed in a refused expense form. */
  values?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "depense";
  const total = expenses.reduce((sum, expense) => sum + expense.amountHtCents, 0);
  return (
    <div className="grid gap-4">
      {expenses.length === 0 ? (
        <p className="text-slate-700">Aucune dépense pour le moment.</p>
      ) : (
        <RecordList label="Dépenses du chantier">
          {expenses.map((expense) => (
            <RecordItem
              key={expense.id}
              name={expense.label}
              aside={
                <>
                  <span className="ml-auto font-semibold whitespace-nowrap">
                    {formatCents(expense.amountHtCents)} HT
                  </span>
                  {expense.hasReceipt ? (
                    <a
                      href={`${sitePath}/depenses/${expense.id}/justificatif`}
                      className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
                    >
                      <Paperclip aria-hidden="true" className="size-4" />
                      Justificatif<span className="sr-only"> de « {expense.label} »</span>
                    </a>
                  ) : null}
                  <DeleteExpense expense={expense} />
                </>
              }
            >
              <span className="text-sm text-slate-700">
                {formatDate(expense.spentOn)} ·{" "}
                {expense.lotTitle ? `lot ${expense.lotTitle}` : "tout le chantier"} · TVA{" "}
                {EXPENSE_VAT_LABELS[expense.vatCode as keyof typeof EXPENSE_VAT_LABELS] ?? expense.vatCode}
              </span>
            </RecordItem>
          ))}
        </RecordList>
      )}
      {expenses.length > 0 ? <p className="font-semibold">Total : {formatCents(total)} HT</p> : null}
      <Form method="post" encType="multipart/form-data" noValidate aria-label="Ajouter une dépense">
        <input type="hidden" name="intent" value="depense" />
        <FormSection legend="Ajouter une dépense">
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField
              id="depense-date"
              name="spentOn"
              label="Date"
              required
              max={today}
              defaultValue={values?.spentOn ?? today}
              errors={errors.spentOn}
            />
            <TextField
              id="depense-libelle"
              name="label"
              label="Libellé"
              required
              maxLength={200}
              autoComplete="off"
              defaultValue={values?.label}
              errors={errors.label}
              hint="Benne, location de nacelle, carburant…"
            />
            <MoneyField
              id="depense-montant"
              name="amountHt"
              label="Montant HT"
              required
              defaultValue={values?.amountHt}
              errors={errors.amountHt}
            />
            <SelectField
              id="depense-tva"
              name="vatCode"
              label="TVA du justificatif"
              defaultValue={values?.vatCode ?? "20"}
              errors={errors.vatCode}
              options={EXPENSE_VAT_CODES.map((code) => ({ value: code, label: EXPENSE_VAT_LABELS[code] }))}
            />
            <LotField
              id="depense-lot"
              lots={lots}
              wholeSite="Tout le chantier"
              defaultValue={values?.lotId ?? ""}
              errors={errors.lotId}
            />
            <FileField
              id="depense-justificatif"
              name="receipt"
              label="Justificatif (photo ou PDF)"
              accept="image/jpeg,image/png,application/pdf"
              hint="Facultatif : le ticket pris en photo, ou la facture en PDF (10 Mo au plus)."
              errors={errors.receipt}
            />
          </div>
          <div>
            <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
              {saving ? "Enregistrement…" : "Ajouter la dépense"}
            </button>
          </div>
        </FormSection>
      </Form>
    </div>
  );
}
