import { ArrowLeft, ArrowRight, ImagePlus, Save, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FileField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { ActionButton, IntentForm } from "#app/components/ui/action-form.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import type { ProductRefusal } from "../product-intents.ts";

/*
 * The « Images » panel of a product in the Espace Pro: its pictures in their store order
 * (the first is the listing's thumbnail), each with its text for screen readers, moved
 * earlier or later, removed; and the upload of a new one. Every form posts to the
 * product's page (intents image-*), which checks everything again on the server.
 */

export const IMAGE_INTENTS = {
  add: "image-ajouter",
  alt: "image-texte",
  before: "image-avant",
  after: "image-apres",
  remove: "image-retirer",
} as const;

export type PanelImage = { id: number; url: string; alt: string };

const headingClass = "mb-3 text-lg font-bold text-brand-900";

/** A button moving or removing one image, in a form of its own; `label` names what it does. */
function ImageMove({
  intent,
  imageId,
  busy,
  label,
  children,
}: {
  intent: string;
  imageId: number;
  busy: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <IntentForm intent={intent} hidden={{ imageId }}>
      <button type="submit" className={buttonClasses("outline", "md")} disabled={busy} aria-label={label}>
        {children}
      </button>
    </IntentForm>
  );
}

export function ProductImagesPanel({
  images,
  refusal,
  pendingIntent,
  panelClassName,
  max,
}: {
  images: readonly PanelImage[];
  refusal: ProductRefusal | null;
  pendingIntent: string | null;
  panelClassName: string;
  max: number;
}) {
  const imageRefusal = refusal?.intent?.startsWith("image-") ? refusal : null;
  const addRefusal = imageRefusal?.intent === IMAGE_INTENTS.add ? imageRefusal : null;
  const busy = pendingIntent?.startsWith("image-") ?? false;
  return (
    <section aria-labelledby="produit-images" className={panelClassName}>
      <h2 id="produit-images" className={headingClass}>
        Images
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        La première image est la vignette de la boutique. JPEG, PNG ou WebP de 5 Mo au plus ; chaque image est
        réenregistrée en trois tailles, sans ses métadonnées (position GPS, appareil…).
      </p>
      {imageRefusal && imageRefusal.intent !== IMAGE_INTENTS.add && imageRefusal.field !== "alt" ? (
        <FormAlert errors={[imageRefusal.message]} focus />
      ) : null}
      {images.length === 0 ? (
        <p className="mb-4 text-sm text-slate-700">Aucune image : la boutique montre un dessin neutre.</p>
      ) : (
        <ol
          className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="Images du produit, dans l'ordre de la boutique"
        >
          {images.map((image, index) => {
            const position = index + 1;
            const altRefused =
              refusal?.intent === IMAGE_INTENTS.alt && refusal.imageId === String(image.id) ? refusal : null;
            return (
              <li key={image.id} className="grid content-start gap-2 rounded-lg border border-slate-200 p-3">
                <img
                  src={image.url}
                  alt={image.alt}
                  width={240}
                  height={240}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full rounded-md bg-slate-100 object-contain"
                />
                <p className="text-sm font-semibold text-slate-800">
                  Image {position}
                  {index === 0 ? " (vignette)" : ""}
                </p>
                <Form method="post" className="grid gap-2" key={`${image.id}-${image.alt}`}>
                  <input type="hidden" name="intent" value={IMAGE_INTENTS.alt} />
                  <input type="hidden" name="imageId" value={image.id} />
                  <TextField
                    name="alt"
                    label={`Texte de l'image ${position}`}
                    hint="Ce que montre l'image, pour les lecteurs d'écran ; vide si elle est décorative."
                    maxLength={200}
                    autoComplete="off"
                    defaultValue={altRefused?.values?.alt ?? image.alt}
                    errors={altRefused ? [altRefused.message] : undefined}
                  />
                  <button type="submit" className={buttonClasses("outline", "md", "w-full")} disabled={busy}>
                    <Save aria-hidden="true" className="size-4" />
                    Enregistrer le texte
                  </button>
                </Form>
                <div className="flex flex-wrap gap-2">
                  {index > 0 ? (
                    <ImageMove
                      intent={IMAGE_INTENTS.before}
                      imageId={image.id}
                      busy={busy}
                      label={`Placer l'image ${position} avant l'image ${position - 1}`}
                    >
                      <ArrowLeft aria-hidden="true" className="size-4" />
                      Avant
                    </ImageMove>
                  ) : null}
                  {index < images.length - 1 ? (
                    <ImageMove
                      intent={IMAGE_INTENTS.after}
                      imageId={image.id}
                      busy={busy}
                      label={`Placer l'image ${position} après l'image ${position + 1}`}
                    >
                      Après
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </ImageMove>
                  ) : null}
                  <ImageMove
                    intent={IMAGE_INTENTS.remove}
                    imageId={image.id}
                    busy={busy}
                    label={`Retirer l'image ${position}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Retirer
                  </ImageMove>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {images.length < max ? (
        <Form method="post" encType="multipart/form-data" className="grid gap-3" key={images.length}>
          <h3 className="font-heading text-base font-bold text-brand-900">Ajouter une image</h3>
          <input type="hidden" name="intent" value={IMAGE_INTENTS.add} />
          <FileField
            name="image"
            label="Image (JPEG, PNG ou WebP, 5 Mo au plus)"
            accept="image/jpeg,image/png,image/webp"
            required
            errors={addRefusal && addRefusal.field === "image" ? [addRefusal.message] : undefined}
          />
          <TextField
            name="alt"
            label="Texte de l'image (facultatif)"
            hint="Ce que montre l'image : « Perforateur dans son coffret »."
            maxLength={200}
            autoComplete="off"
            defaultValue={addRefusal?.values?.alt ?? ""}
            errors={addRefusal && addRefusal.field === "alt" ? [addRefusal.message] : undefined}
          />
          {addRefusal && !addRefusal.field ? <FormAlert errors={[addRefusal.message]} /> : null}
          <div>
            <ActionButton
              icon={ImagePlus}
              label="Ajouter l'image"
              disabled={busy}
              busy={pendingIntent === IMAGE_INTENTS.add}
              busyLabel="Envoi de l'image…"
            />
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">
          {max} images au plus : retirez-en une pour en ajouter une autre.
        </p>
      )}
    </section>
  );
}
