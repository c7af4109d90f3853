import { Plus, Save, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Form } from "react-router";
import { CheckboxField, MoneyField, SelectField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { ActionButton } from "#app/components/ui/action-form.tsx";
import { formatCents } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import {
  ADJUSTMENT_QUANTITY_LABELS,
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  MOVEMENT_REASON_LABELS,
} from "../catalogue-labels.ts";
import type { CatalogueVariant } from "../catalogue-product.server.ts";
import {
  PRODUCT_INTENTS,
  type ProductRefusal,
  productFieldError,
  refusedFieldProps,
  refusedValues,
  signed,
} from "../product-intents.ts";

/*
 * A variant (« Style ») of a catalogue product, on its page: its price and stock, its
 * form, its stock adjustment and its movements. A refused form shows again what was typed.
 */

export type VariantView = CatalogueVariant;

/** The form being posted: its intent and the variant it is about. */
export type ProductPending = { intent: string; variantId: string } | null;

const subheadingClass = "font-heading text-base font-bold text-brand-900";

export function VariantForm({
  variant,
  refusal,
  busy,
}: {
  variant: VariantView | null;
  refusal: ProductRefusal | null;
  busy: boolean;
}) {
  const id = variant?.id ?? "";
  const typed = refusedValues(refusal, PRODUCT_INTENTS.variante, id);
  const errors = (field: string) => productFieldError(refusal, PRODUCT_INTENTS.variante, field, id);
  const shown = refusedFieldProps(refusal, PRODUCT_INTENTS.variante, id);
  const money = (field: "price" | "salePrice", cents: number | null | undefined) => ({
    ...(typed ? { defaultValue: typed[field] ?? "" } : { defaultCents: cents ?? null, defaultValue: "" }),
    errors: errors(field),
  });
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value={PRODUCT_INTENTS.variante} />
      <input type="hidden" name="variantId" value={id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="title"
          label="Nom de la variante (Style)"
          required
          maxLength={80}
          autoComplete="off"
          {...shown("title", variant?.title ?? "")}
        />
        <TextField
          name="sku"
          label="Référence (SKU, facultative)"
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          {...shown("sku", variant?.sku ?? "")}
        />
        <MoneyField name="price" label="Prix TTC" required {...money("price", variant?.priceCents)} />
        <MoneyField
          name="salePrice"
          label="Prix soldé TTC (facultatif)"
          hint="Inférieur au prix ; vide : pas de promotion."
          {...money("salePrice", variant?.salePriceCents)}
        />
        <TextField
          name="weight"
          label="Poids en grammes (facultatif)"
          inputMode="numeric"
          autoComplete="off"
          {...shown("weight", variant?.weightGrams == null ? "" : String(variant.weightGrams))}
        />
        <TextField
          name="lowStockThreshold"
          label="Seuil de stock bas"
          hint="À ce nombre ou moins, la variante est à réapprovisionner."
          inputMode="numeric"
          autoComplete="off"
          required
          {...shown("lowStockThreshold", String(variant?.lowStockThreshold ?? 3))}
        />
      </div>
      <CheckboxField
        name="manageInventory"
        label="Suivre le stock de cette variante"
        hint="Sans suivi, la variante se vend sans limite de quantité."
        defaultChecked={typed ? typed.manageInventory === "on" : (variant?.manageInventory ?? false)}
        errors={errors("manageInventory")}
      />
      <div>
        <ActionButton
          icon={variant ? Save : Plus}
          label={variant ? "Enregistrer la variante" : "Ajouter la variante"}
          variant={variant ? "secondary" : "primary"}
          disabled={busy}
          busy={busy}
        />
      </div>
    </Form>
  );
}

function StockForm({
  variant,
  refusal,
  busy,
}: {
  variant: VariantView;
  refusal: ProductRefusal | null;
  busy: boolean;
}) {
  const typed = refusedValues(refusal, PRODUCT_INTENTS.stock, variant.id);
  const errors = (field: string) => productFieldError(refusal, PRODUCT_INTENTS.stock, field, variant.id);
  const initial = (ADJUSTMENT_REASONS as readonly string[]).includes(typed?.reason ?? "")
    ? (typed?.reason as AdjustmentReason)
    : "reception";
  const shown = refusedFieldProps(refusal, PRODUCT_INTENTS.stock, variant.id);
  // The quantity's label follows the reason picked; the server reads the reason again.
  const [reason, setReason] = useState<AdjustmentReason>(initial);
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value={PRODUCT_INTENTS.stock} />
      <input type="hidden" name="variantId" value={variant.id} />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          name="reason"
          label="Motif"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as AdjustmentReason)}
          options={ADJUSTMENT_REASONS.map((value) => ({ value, label: ADJUSTMENT_REASON_LABELS[value] }))}
          errors={errors("reason")}
        />
        <TextField
          name="quantity"
          label={ADJUSTMENT_QUANTITY_LABELS[reason]}
          hint={reason === "inventaire" ? "Le stock devient ce nombre." : undefined}
          inputMode="numeric"
          autoComplete="off"
          required
          {...shown("quantity", "")}
        />
        <TextField
          name="note"
          label="Commentaire (facultatif)"
          maxLength={200}
          autoComplete="off"
          {...shown("note", "")}
        />
      </div>
      <div>
        <ActionButton label="Ajuster le stock" variant="outline" disabled={busy} busy={busy} />
      </div>
    </Form>
  );
}

function Movements({ variant, headingId }: { variant: VariantView; headingId: string }) {
  return (
    <div className="grid gap-2">
      <h4 id={headingId} className={subheadingClass}>
        Mouvements de stock
      </h4>
      {variant.movements.length === 0 ? (
        <p className="text-sm text-slate-700">Aucun mouvement pour le moment.</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-2 text-sm">
          {variant.movements.map((movement) => (
            <li key={movement.id} className="grid gap-0.5 border-b border-slate-200 pb-2 break-words">
              <span>
                <span className="font-semibold">{formatDateTime(new Date(movement.createdAt))}</span> ·{" "}
                {MOVEMENT_REASON_LABELS[movement.reason] ?? movement.reason} ·{" "}
                <span className="font-semibold tabular-nums">{signed(movement.delta)}</span> ·{" "}
                {movement.quantityAfter} en stock après
              </span>
              {movement.note ? <span>« {movement.note} »</span> : null}
              <span className="text-slate-700">par {movement.actorEmail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function VariantCard({
  variant,
  index,
  refusal,
  pending,
}: {
  variant: VariantView;
  index: number;
  refusal: ProductRefusal | null;
  pending: ProductPending;
}) {
  const baseId = useId();
  const headingId = `${baseId}-titre`;
  const low = variant.manageInventory && variant.inventoryQuantity <= variant.lowStockThreshold;
  const onSale = variant.salePriceCents !== null && variant.salePriceCents < variant.priceCents;
  const busy = (intent: string) => pending?.intent === intent && pending.variantId === variant.id;
  // A refusal about this variant that no field of its forms shows (a stale page: the
  // variant gone, its stock no longer followed) shows under its forms.
  const about =
    refusal && (refusal.intent === PRODUCT_INTENTS.variante || refusal.intent === PRODUCT_INTENTS.stock)
      ? (refusal.variantId ?? "") === variant.id
      : false;
  const generalError =
    refusal &&
    about &&
    (!refusal.field || (refusal.intent === PRODUCT_INTENTS.stock && !variant.manageInventory))
      ? refusal.message
      : null;
  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-heading text-lg font-bold break-words text-brand-900">
          <span className="sr-only">Variante {index + 1} : </span>
          {variant.title}
        </h3>
        <p className="text-sm text-slate-800">
          {onSale ? (
            <>
              {formatCents(variant.salePriceCents ?? 0)} TTC en promotion (au lieu de{" "}
              {formatCents(variant.priceCents)})
            </>
          ) : (
            <>{formatCents(variant.priceCents)} TTC</>
          )}
          {variant.sku ? ` · réf. ${variant.sku}` : ""}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          {variant.manageInventory ? `${variant.inventoryQuantity} en stock` : "Stock non suivi"}
          {low ? (
            <span className="inline-flex items-center gap-1 text-amber-900">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              Stock bas (seuil : {variant.lowStockThreshold})
            </span>
          ) : null}
        </p>
      </div>
      <VariantForm
        // Saved: the form starts again from the stored values.
        key={JSON.stringify([
          variant.title,
          variant.sku,
          variant.priceCents,
          variant.salePriceCents,
          variant.weightGrams,
          variant.manageInventory,
          variant.lowStockThreshold,
        ])}
        variant={variant}
        refusal={refusal}
        busy={busy(PRODUCT_INTENTS.variante)}
      />
      {generalError ? <FormAlert errors={[generalError]} /> : null}
      {variant.manageInventory ? (
        <div className="grid gap-3 border-t border-slate-200 pt-4">
          <h4 className={subheadingClass}>Ajuster le stock</h4>
          <StockForm
            key={`${variant.inventoryQuantity}-${variant.movements[0]?.id ?? 0}`}
            variant={variant}
            refusal={refusal}
            busy={busy(PRODUCT_INTENTS.stock)}
          />
        </div>
      ) : null}
      <div className="border-t border-slate-200 pt-4">
        <Movements variant={variant} headingId={`${baseId}-mouvements`} />
      </div>
    </article>
  );
}
