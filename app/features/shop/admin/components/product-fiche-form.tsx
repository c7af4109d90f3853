import { Save } from "lucide-react";
import { Form } from "react-router";
import { TextField } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
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
  return (
    <Panel id="produit-fiche" title="Fiche">
      <Form
        method="post"
        className="grid gap-4"
        // Saved: the form (and the editor) start again from the stored texts.
        key={JSON.stringify([product.title, product.subtitle, product.ribbonText, product.description])}
      >
        <input type="hidden" name="intent" value={PRODUCT_INTENTS.fiche} />
        <TextField
          name="title"
          label="Titre"
          required
          maxLength={120}
          autoComplete="off"
          defaultValue={typedFiche?.title ?? product.title}
          errors={ficheError("title")}
        />
        <TextField
          name="subtitle"
          label="Sous-titre (facultatif)"
          maxLength={200}
          autoComplete="off"
          defaultValue={typedFiche?.subtitle ?? product.subtitle ?? ""}
          errors={ficheError("subtitle")}
        />
        <TextField
          name="ribbonText"
          label="Bandeau (facultatif)"
          hint="Un mot sur la photo du produit : « Nouveau », « Promo »… 30 caractères au plus."
          maxLength={30}
          autoComplete="off"
          defaultValue={typedFiche?.ribbonText ?? product.ribbonText ?? ""}
          errors={ficheError("ribbonText")}
        />
        <RichTextEditor
          name="description"
          label="Description"
          description="Gras, italique, listes et liens ; le reste de la mise en forme est retiré à l'enregistrement."
          defaultValue={typedFiche?.description ?? product.description}
          error={ficheError("description")}
        />
        <div>
          <button
            type="submit"
            className={buttonClasses("primary", "md", "w-full sm:w-auto")}
            disabled={pending?.intent === PRODUCT_INTENTS.fiche}
          >
            <Save aria-hidden="true" className="size-4" />
            {pending?.intent === PRODUCT_INTENTS.fiche ? "Enregistrement…" : "Enregistrer"}
          </button>
        </div>
      </Form>
    </Panel>
  );
}
