import { Trash2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import {
  CheckboxField,
  DateField,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import type { Refusal } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus, NOTE_MAX } from "../schema.ts";

/** The three forms of a lead's page (/erp/leads/:id), posting to its action with an `intent`. */
export const LEAD_INTENTS = { note: "note", followUp: "suivi", delete: "supprimer" } as const;
export type LeadIntent = (typeof LEAD_INTENTS)[keyof typeof LEAD_INTENTS];

/**
 * What the lead page's action answers. A refusal names its form (`intent`), so that a
 * post made without JavaScript shows its messages in that form only.
 */
export type LeadActionResult = { ok: true; message: string } | Refusal;

/**
 * The refusal this form shows: its script's answer, or else the page's answer to a
 * post made without JavaScript when it came from this form.
 */
function refusalFor(
  intent: LeadIntent,
  fetched: LeadActionResult | undefined,
  serverResult: LeadActionResult | undefined,
): Refusal | undefined {
  if (fetched) return fetched.ok ? undefined : fetched;
  return serverResult && !serverResult.ok && serverResult.intent === intent ? serverResult : undefined;
}

const hasFieldErrors = (refusal: Refusal | undefined) =>
  Boolean(refusal?.fieldErrors && Object.keys(refusal.fieldErrors).length > 0);

/** A toast after each answer of a sub-form. */
function useActionToast(fetcher: { state: string; data?: LeadActionResult }) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast({ title: fetcher.data.message });
    else toast({ title: "Action impossible", description: fetcher.data.message, variant: "destructive" });
  }, [fetcher.state, fetcher.data]);
}

export type FollowUpLead = {
  status: LeadStatus;
  assigneeId: string | null;
  nextFollowUp: string | null;
  town: string | null;
  doNotContact: boolean;
};

/** « Suivi »: status, who follows the lead, next call-back, town, do-not-contact. */
export function FollowUpForm({
  lead,
  staff,
  serverResult,
}: {
  lead: FollowUpLead;
  staff: readonly { id: string; email: string }[];
  /** The page's action answer (a post made without JavaScript). */
  serverResult?: LeadActionResult;
}) {
  const fetcher = useFetcher<LeadActionResult>();
  useActionToast(fetcher);
  const saving = fetcher.state !== "idle";
  const id = useId();
  const refusal = refusalFor(LEAD_INTENTS.followUp, fetcher.data, serverResult);
  const errors = refusal?.fieldErrors ?? {};
  // A field's id (from the form's), its name and its messages.
  const field = (name: string, idSuffix: string) => ({ id: `${id}-${idSuffix}`, name, errors: errors[name] });
  return (
    <fetcher.Form method="post" className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Suivi
      </h2>
      <input type="hidden" name="intent" value={LEAD_INTENTS.followUp} />
      <SelectField
        {...field("status", "status")}
        label="Statut"
        options={LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))}
        defaultValue={lead.status}
      />
      <SelectField
        {...field("assigneeId", "assignee")}
        label="Suivi par"
        placeholder="Personne"
        options={staff.map((member) => ({ value: member.id, label: member.email }))}
        defaultValue={lead.assigneeId ?? ""}
      />
      <DateField
        {...field("nextFollowUp", "follow")}
        label="Prochaine relance"
        defaultValue={lead.nextFollowUp ?? ""}
      />
      <TextField
        {...field("town", "town")}
        label="Commune du chantier"
        maxLength={100}
        defaultValue={lead.town ?? ""}
      />
      <CheckboxField
        {...field("doNotContact", "dnc")}
        label="Ne pas recontacter"
        defaultChecked={lead.doNotContact}
        controlClassName="accent-red-700"
        labelClassName="font-semibold text-brand-900"
      />
      <FormAlert errors={refusal && !hasFieldErrors(refusal) ? refusal.message : undefined} />
      <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
        {saving ? "Enregistrement…" : "Enregistrer le suivi"}
      </button>
    </fetcher.Form>
  );
}

/** « Ajouter une note » to the lead's history; the text area empties once the note is saved. */
export function NoteForm({ serverResult }: { serverResult?: LeadActionResult }) {
  const fetcher = useFetcher<LeadActionResult>();
  useActionToast(fetcher);
  const saving = fetcher.state !== "idle";
  const refusal = refusalFor(LEAD_INTENTS.note, fetcher.data, serverResult);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={formRef} method="post" className="grid gap-2">
      <input type="hidden" name="intent" value={LEAD_INTENTS.note} />
      <TextareaField
        id={`${id}-note`}
        name="note"
        label="Ajouter une note"
        rows={3}
        required
        requiredMark={false}
        maxLength={NOTE_MAX}
        errors={refusal?.fieldErrors?.note}
      />
      <FormAlert errors={refusal && !hasFieldErrors(refusal) ? refusal.message : undefined} />
      <div>
        <button type="submit" disabled={saving} className={buttonClasses("outline", "md")}>
          {saving ? "Ajout…" : "Ajouter la note"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * « Supprimer les données… »: a confirmation, then the lead, its photos, follow-up and
 * history are erased (the action redirects to the list).
 */
export function DeleteLeadForm({ name, serverResult }: { name: string; serverResult?: LeadActionResult }) {
  const fetcher = useFetcher<LeadActionResult>();
  useActionToast(fetcher);
  const deleting = fetcher.state !== "idle";
  const formId = useId();
  const refusal = refusalFor(LEAD_INTENTS.delete, fetcher.data, serverResult);
  return (
    <>
      <fetcher.Form id={formId} method="post" hidden>
        <input type="hidden" name="intent" value={LEAD_INTENTS.delete} />
        <input type="hidden" name="confirmation" value="oui" />
      </fetcher.Form>
      <ConfirmDialog
        trigger={
          <button type="button" className={buttonClasses("destructive", "md")}>
            <Trash2 aria-hidden="true" className="size-4" />
            Supprimer les données…
          </button>
        }
        title={`Supprimer définitivement les données de ${name} ?`}
        description="La demande, ses photos, son suivi et son historique seront effacés pour de bon. Cette action ne peut pas être annulée. Pensez à exporter les données si la personne les a demandées."
        confirmLabel="Supprimer définitivement"
        destructive
        form={formId}
        pending={deleting}
        pendingLabel="Suppression…"
      >
        <FormAlert errors={refusal?.message} className="mt-3" />
      </ConfirmDialog>
    </>
  );
}
