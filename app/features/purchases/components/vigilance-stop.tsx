import type { ReactNode } from "react";
import { Form } from "react-router";
import { TextareaField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { FormSection } from "#app/components/forms/form-parts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { OVERRIDE_REASON_MAX, SUBCONTRACT_MESSAGES } from "../subcontract-schema.ts";

/*
 * A vigilance stop on screen, the same for a new subcontract, an order's sending and an
 * invoice's payment: the reason in an alert that takes the focus; for the owner, « Passer
 * outre » with a written reason (kept in the subcontractor's history); for the staff, that
 * only the owner can pass it.
 */

export function VigilanceStop({
  stop,
  canOverride,
  what,
  message,
  reason,
  errors,
  submit,
  form = false,
  formLabel = "Passer outre le devoir de vigilance",
  children,
}: {
  /** The reason of the stop, as the server wrote it. */
  stop: string;
  /** Whether the viewer is an owner (only an owner passes). */
  canOverride: boolean;
  /** What goes ahead when the owner passes: « enregistrer ce contrat », « envoyer cette commande »… */
  what: string;
  /** The refusal's own message when it is not the stop (« Écrivez la raison… », « Seul un gérant… »). */
  message?: string;
  /** The reason typed before, kept. */
  reason?: string;
  errors?: string[];
  /** The submit button's name and value that say « Passer outre » to the action. */
  submit: { name: string; value: string };
  /** Whether the section is a form of its own (its hidden fields in `children`), or inside the caller's form. */
  form?: boolean;
  formLabel?: string;
  children?: ReactNode;
}) {
  const alerts = message && message !== stop && !errors?.includes(message) ? [stop, message] : [stop];
  const section = canOverride ? (
    <FormSection legend="Passer outre">
      <p className="text-slate-700">
        En tant que gérant, vous pouvez {what} malgré tout : la raison écrite est gardée dans l'historique du
        sous-traitant.
      </p>
      <TextareaField
        label="Raison de passer outre"
        name="overrideReason"
        rows={3}
        maxLength={OVERRIDE_REASON_MAX}
        defaultValue={reason}
        errors={errors}
      />
      <div>
        <button
          type="submit"
          name={submit.name}
          value={submit.value}
          className={buttonClasses("outline", "md")}
        >
          Passer outre
        </button>
      </div>
    </FormSection>
  ) : (
    <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800">
      {SUBCONTRACT_MESSAGES.overrideOwnerOnly} Demandez le document à jour au sous-traitant, ou demandez au
      gérant de passer outre.
    </p>
  );
  return (
    <div className="grid gap-4">
      <FormAlert focus title="Devoir de vigilance" errors={alerts} />
      {form && canOverride ? (
        <Form method="post" noValidate aria-label={formLabel} className="grid gap-4">
          {children}
          {section}
        </Form>
      ) : (
        section
      )}
    </div>
  );
}
