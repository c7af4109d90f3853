import { Archive, Eye, EyeOff, type LucideIcon, Trash2 } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { ActionButton, DialogTriggerButton, IntentForm } from "#app/components/ui/action-form.tsx";
import type { ButtonVariant } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { CATALOGUE_STATUS_LABELS, type CatalogueStatus } from "../catalogue-labels.ts";
import { STATUS_INTENTS, type StatusIntent } from "../product-intents.ts";
import type { ProductPending } from "./variant-card.tsx";

const STATUS_NOTES: Record<CatalogueStatus, string> = {
  publie: "En vente : la boutique le montre dans sa liste et sur sa page.",
  masque: "Absent de la liste de la boutique ; sa page reste accessible par son adresse.",
  brouillon: "La boutique ne le montre pas.",
};

/** The status changes, in the panel's order, each offered when it changes something. */
const STATUS_ACTIONS: {
  intent: StatusIntent;
  shown: (status: CatalogueStatus) => boolean;
  icon: LucideIcon;
  label: string;
  variant: ButtonVariant;
  busyLabel?: string;
}[] = [
  {
    intent: "publier",
    shown: (status) => status !== "publie",
    icon: Eye,
    label: "Publier sur la boutique",
    variant: "primary",
    busyLabel: "Publication…",
  },
  {
    intent: "masquer",
    shown: (status) => status === "publie",
    icon: EyeOff,
    label: "Masquer de la boutique",
    variant: "outline",
  },
  {
    intent: "brouillon",
    shown: (status) => status !== "brouillon",
    icon: Archive,
    label: "Repasser en brouillon",
    variant: "outline",
  },
];

/** « Publication » of a catalogue product: its status, and publish, hide, back to draft, delete. */
export function ProductPublicationPanel({
  product,
  canPublish,
  pending,
}: {
  product: { title: string; status: CatalogueStatus };
  /** At least one variant has a price. */
  canPublish: boolean;
  pending: ProductPending;
}) {
  const deleteFormId = useId();
  const status = product.status;
  const statusBusy = pending !== null && (STATUS_INTENTS as readonly string[]).includes(pending.intent);
  return (
    <Panel id="produit-publication" title="Publication">
      <p className="mb-3 text-sm text-slate-800">
        <strong>{CATALOGUE_STATUS_LABELS[status]}</strong> : {STATUS_NOTES[status]}
        {status !== "publie" && !canPublish
          ? " Donnez un prix à au moins une variante avant de le publier."
          : ""}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {STATUS_ACTIONS.filter((action) => action.shown(status)).map((action) => (
          <IntentForm key={action.intent} intent={action.intent}>
            <ActionButton
              icon={action.icon}
              label={action.label}
              variant={action.variant}
              disabled={statusBusy}
              busy={pending?.intent === action.intent}
              busyLabel={action.busyLabel}
            />
          </IntentForm>
        ))}
        <Form id={deleteFormId} method="post" hidden>
          <input type="hidden" name="intent" value="supprimer" />
        </Form>
        <ConfirmDialog
          trigger={<DialogTriggerButton icon={Trash2} label="Supprimer le produit" />}
          title={`Supprimer « ${product.title} » ?`}
          description="Le produit quitte le catalogue et la boutique. Les commandes passées gardent leurs lignes et leur historique."
          confirmLabel="Supprimer le produit"
          cancelLabel="Garder le produit"
          destructive
          form={deleteFormId}
          pending={pending?.intent === "supprimer"}
          pendingLabel="Suppression…"
        />
      </div>
    </Panel>
  );
}
