import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import {
  CheckboxField,
  FileField,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { plural } from "#app/lib/plural.ts";
import { LOG_BODY_MAX_LENGTH, LOG_PHOTO_MAX_COUNT, SITE_LOG_WEATHER_OPTIONS } from "../schema.ts";

/*
 * The log's « Nouvelle note » form, made for a phone on a poor connection. With script, it
 * posts by fetch to /erp/chantiers/:id/journal/notes and never leaves the page: a refused
 * note shows the server's message next to its field, a lost connection says what to
 * retry, and in both cases the text and the chosen photos stay in the form. Without
 * script, it posts to the page's action, which answers with the same messages.
 */

export type LogFormRefusal = { message: string; field?: string; values?: Record<string, string> } | null;

const FIELDS = ["body", "weather", "peoplePresent", "photos"] as const;

function networkMessage(photos: number) {
  const kept =
    photos > 0 ? `votre texte et vos ${plural(photos, "photo")} sont gardés` : "votre texte est gardé";
  return `La note n'a pas été envoyée : la connexion a été perdue. Rien n'est perdu, ${kept} : appuyez de nouveau sur « Publier la note » quand le réseau revient.`;
}

async function readAnswer(response: Response): Promise<{ ok?: boolean; message?: string; field?: string }> {
  try {
    return (await response.json()) as { ok?: boolean; message?: string; field?: string };
  } catch {
    if (response.status === 401) {
      return {
        message:
          "Votre session a expiré : reconnectez-vous dans un autre onglet, puis appuyez de nouveau sur « Publier la note » (votre texte et vos photos restent ici).",
      };
    }
    if (response.status === 413) {
      return {
        message: "Les photos sont trop lourdes ensemble : retirez-en quelques-unes, puis réessayez.",
        field: "photos",
      };
    }
    return { message: `Le serveur n'a pas pu enregistrer la note (erreur ${response.status}) : réessayez.` };
  }
}

export function SiteLogForm({ siteId, refusal }: { siteId: string; refusal: LogFormRefusal }) {
  const formRef = useRef<HTMLFormElement>(null);
  const revalidator = useRevalidator();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(
    refusal ? { message: refusal.message, field: refusal.field } : null,
  );
  const [done, setDone] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const values = refusal?.values ?? {};
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const formError =
    error && !FIELDS.includes(error.field as (typeof FIELDS)[number]) ? error.message : undefined;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const photos = data.getAll("photos").filter((file) => typeof file !== "string" && file.size > 0).length;
    setSending(true);
    setDone(null);
    setError(null);
    try {
      const response = await fetch(`/erp/chantiers/${siteId}/journal/notes`, {
        method: "POST",
        body: data,
        headers: { Accept: "application/json" },
      });
      const answer = await readAnswer(response);
      if (!response.ok || !answer.ok) {
        setError({ message: answer.message ?? "La note n'a pas été enregistrée.", field: answer.field });
        return;
      }
      form.reset();
      setChosen([]);
      setDone(answer.message ?? "Note publiée.");
      revalidator.revalidate();
    } catch {
      setError({ message: networkMessage(photos) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      onSubmit={submit}
      aria-label="Nouvelle note du journal"
      className="grid gap-4"
      noValidate
    >
      <input type="hidden" name="intent" value="publier" />
      <FormAlert focus errors={formError} />
      <TextareaField
        label="Ce qui s'est passé"
        name="body"
        required
        rows={4}
        maxLength={LOG_BODY_MAX_LENGTH}
        defaultValue={values.body ?? ""}
        errors={fieldError("body")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Météo"
          name="weather"
          options={SITE_LOG_WEATHER_OPTIONS}
          defaultValue={values.weather ?? ""}
          errors={fieldError("weather")}
        />
        <TextField
          label="Présents sur le chantier"
          name="peoplePresent"
          hint="Par exemple : Marc, Julie, le plombier"
          defaultValue={values.peoplePresent ?? ""}
          errors={fieldError("peoplePresent")}
        />
      </div>
      <CheckboxField
        label="Signaler un problème"
        name="isProblem"
        hint="La note est mise en avant jusqu'à ce que quelqu'un y réponde."
        defaultChecked={values.isProblem === "on"}
      />
      <FileField
        label="Photos"
        name="photos"
        accept="image/*"
        capture="environment"
        multiple
        hint={`Jusqu'à ${LOG_PHOTO_MAX_COUNT} photos, 10 Mo chacune. Le lieu de prise de vue est retiré, l'heure gardée.`}
        errors={fieldError("photos")}
        onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? []).map((file) => file.name))}
        after={
          chosen.length > 0 ? (
            <p className="mt-1 text-sm text-slate-700">
              {plural(chosen.length, "photo choisie", "photos choisies")} : {chosen.join(", ")}
            </p>
          ) : null
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={sending} className={buttonClasses("primary", "md")}>
          {sending ? "Envoi en cours…" : "Publier la note"}
        </button>
        <p role="status" className="text-sm font-semibold text-emerald-800">
          {done}
        </p>
      </div>
    </form>
  );
}
