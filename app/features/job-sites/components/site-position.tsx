import { Form, useNavigation } from "react-router";
import { TextField } from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import type { GeocodingStatus } from "#app/db/schema/settings.ts";
import { MAX_DISTANCE_KM } from "../schema.ts";

/*
 * Where the site is, for the building trade's travel zones: its position as the geocoding
 * service found it and its distance from the office, or why there is none and a field to
 * type the distance by hand (the issue's « staff enter the distance by hand and the screen
 * says why »).
 */

export type SitePositionView = {
  status: GeocodingStatus | null;
  /** Whether the office has a position (Paramètres de l'entreprise). */
  officePlaced: boolean;
  /** The distance used for the zones and where it comes from; null when unknown. */
  distance: { text: string; zoneLabel: string; typed: boolean } | null;
  /** The distance typed, in the form's text (« 12,3 »); null when none. */
  typedKm: string | null;
};

const WHY_NOT: Record<Exclude<GeocodingStatus, "ok">, string> = {
  unreachable:
    "Le service de géocodage de l'État n'a pas répondu quand l'adresse a été enregistrée : la position du chantier est inconnue.",
  not_found: "Le service de géocodage ne connaît pas cette adresse : la position du chantier est inconnue.",
  uncertain:
    "Le service de géocodage n'a trouvé qu'une position trop incertaine (la commune, ou une adresse approchante) pour en tirer une zone de déplacement.",
};

function statusSentence(view: SitePositionView): string {
  const { status, distance } = view;
  if (status === "ok") {
    if (distance && !distance.typed) {
      return `Position trouvée (distance du siège : ${distance.text}, ${distance.zoneLabel.toLowerCase()}).`;
    }
    return view.officePlaced
      ? "Position trouvée."
      : "Position trouvée, mais celle du siège est inconnue (voir « Paramètres de l'entreprise ») : la distance ne peut pas être calculée.";
  }
  if (status === null) return "Adresse pas encore localisée : la position du chantier est inconnue.";
  return WHY_NOT[status];
}

export function SitePosition({
  view,
  errors = {},
  values,
}: {
  view: SitePositionView;
  errors?: FieldErrors;
  values?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const computed = view.distance !== null && !view.distance.typed;
  return (
    <div className="grid gap-3">
      <p>{statusSentence(view)}</p>
      {view.distance?.typed ? (
        <p>
          Distance du siège saisie : <strong>{view.distance.text}</strong> (
          {view.distance.zoneLabel.toLowerCase()}
          ).
        </p>
      ) : null}
      {computed ? null : (
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Distance du siège">
            <input type="hidden" name="intent" value="distance" />
            <TextField
              id="distanceKm"
              name="distanceKm"
              label="Distance du siège (km)"
              hint={`À vol d'oiseau, au dixième de kilomètre, jusqu'à ${MAX_DISTANCE_KM.toLocaleString("fr-FR")} km ; par exemple 12,5.`}
              defaultValue={values?.distanceKm ?? view.typedKm ?? ""}
              errors={errors.distanceKm}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              maxLength={12}
              required
              requiredMark={false}
            />
            <button
              type="submit"
              disabled={intent === "distance"}
              className={buttonClasses("secondary", "md")}
            >
              {intent === "distance" ? "Enregistrement…" : "Enregistrer la distance"}
            </button>
          </Form>
          {view.typedKm !== null ? (
            <Form method="post">
              <input type="hidden" name="intent" value="effacer-distance" />
              <button
                type="submit"
                disabled={intent === "effacer-distance"}
                className={buttonClasses("ghost", "md")}
              >
                Effacer la distance saisie
              </button>
            </Form>
          ) : null}
        </div>
      )}
    </div>
  );
}
