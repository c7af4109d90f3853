import { Save } from "lucide-react";
import { Form } from "react-router";
import { TextField } from "#app/components/forms/field.tsx";
import { ActionButton } from "#app/components/ui/action-form.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import {
  PRODUCT_INTENTS,
  type ProductRefusal,
  productFieldError,
  refusedValues,
} from "../product-intents.ts";
import { RichTextEditor } from "./rich-text-editor.tsx";
import type { ProductPending } from "./variant-card.tsx";

/** « Fiche » of a catalogue product: its title, subtitle, ribbon and description (rich text, sanitized on the server). */
export function ProductFicheForm({
  product,
  refusal,
  pending,
}: {
  product: { title: string; subtitle: string | null; ribbonText: string | null; description: string };
  refusal: ProductRefusal | null;
  pending: ProductPending;
}) {
  const typedFiche = refusedValues(refusal, PRODUCT_INTENTS.fiche);
  const ficheError = (field: string) => productFieldError(refusal, PRODUCT_INTENTS.fiche, field);
  // A one-line text of the fiche: what was typed if it was refused, else what is stored.
  const text = (name: "title" | "subtitle" | "ribbonText", maxLength: number) => ({
    name,
    maxLength,
    autoComplete: "off",
    defaultValue: typedFiche?.[name] ?? product[name] ?? "",
    errors: ficheError(name),
  });
  const saving = pending?.intent === PRODUCT_INTENTS.fiche;
  return (
    <Panel id="produit-fiche" title="Fiche">
      <Form
        method="post"
        className="grid gap-4"
        // Saved: the form (and the editor) start again from the stored texts.
        key={JSON.stringify([product.title, product.subtitle, product.ribbonText, product.description])}
      >
        <input type="hidden" name="intent" value={PRODUCT_INTENTS.fiche} />
        <TextField {...text("title", 120)} label="Titre" required />
        <TextField {...text("subtitle", 200)} label="Sous-titre (facultatif)" />
        <TextField
          {...text("ribbonText", 30)}
          label="Bandeau (facultatif)"
          hint="Un mot sur la photo du produit : « Nouveau », « Promo »… 30 caractères au plus."
        />
        <RichTextEditor
          name="description"
          label="Description"
          description="Gras, italique, listes et liens ; le reste de la mise en forme est retiré à l'enregistrement."
          defaultValue={typedFiche?.description ?? product.description}
          error={ficheError("description")}
        />
        <div>
          <ActionButton icon={Save} label="Enregistrer" disabled={saving} busy={saving} />
        </div>
      </Form>
    </Panel>
  );
}
