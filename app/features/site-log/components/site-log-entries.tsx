import { AlertTriangle } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import {
  CheckboxField,
  FileField,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import { SITE_LOG_WEATHER_LABELS, SITE_LOG_WEATHER_OPTIONS } from "../schema.ts";

/*
 * The log's entries, newest first, each with its photos (thumbnails opening the full
 * photo), its answers, « Répondre » and, for its author within 24 hours, « Corriger ».
 */

export type LogPhotoView = { id: string; width: number; height: number; takenAt: string | Date | null };
export type LogAnswerView = {
  id: string;
  authorName: string;
  body: string;
  createdAt: string | Date;
  editedAt: string | Date | null;
  revision: number;
  photos: LogPhotoView[];
  editable: boolean;
};
export type LogEntryView = LogAnswerView & {
  weather: keyof typeof SITE_LOG_WEATHER_LABELS | "";
  peoplePresent: string;
  isProblem: boolean;
  occurredOn: string;
  answers: LogAnswerView[];
};

/** The refusal of an answer or a correction, shown in the form of the entry it is about. */
export type EntryRefusal = {
  intent?: string;
  entryId?: string;
  message: string;
  field?: string;
  values?: Record<string, string>;
} | null;

const when = (value: string | Date) => formatDateTime(new Date(value));

function Photos({ siteId, photos }: { siteId: string; photos: LogPhotoView[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Photos">
      {photos.map((photo, index) => {
        const href = `/erp/chantiers/${siteId}/journal/photos/${photo.id}`;
        const taken = photo.takenAt ? `prise le ${when(photo.takenAt)}` : "heure de prise inconnue";
        return (
          <li key={photo.id}>
            <a
              href={href}
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <img
                src={`${href}?taille=vignette`}
                alt={`Vue ${index + 1} du chantier, ${taken}`}
                width={160}
                height={Math.round((160 * photo.height) / photo.width)}
                loading="lazy"
                className="h-28 w-auto rounded-lg border border-slate-200 object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Byline({ item }: { item: LogAnswerView }) {
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold text-ink">{item.authorName}</span> · {when(item.createdAt)}
      {item.editedAt ? <> · corrigée le {when(item.editedAt)}</> : null}
    </p>
  );
}

function refusalFor(refusal: EntryRefusal, intent: string, entryId: string) {
  return refusal && refusal.intent === intent && refusal.entryId === entryId ? refusal : null;
}

function AnswerForm({ entryId, refusal, busy }: { entryId: string; refusal: EntryRefusal; busy: boolean }) {
  const mine = refusalFor(refusal, "repondre", entryId);
  return (
    <details open={mine !== null} className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer font-heading text-sm font-semibold text-brand-700">Répondre</summary>
      <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="repondre" />
        <input type="hidden" name="entryId" value={entryId} />
        <TextareaField
          label="Réponse"
          name="body"
          required
          rows={3}
          defaultValue={mine?.values?.body ?? ""}
          errors={mine && mine.field !== "photos" ? mine.message : undefined}
        />
        <FileField
          label="Photos de la réponse"
          name="photos"
          accept="image/*"
          capture="environment"
          multiple
          errors={mine?.field === "photos" ? mine.message : undefined}
        />
        <div>
          <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")}>
            Publier la réponse
          </button>
        </div>
      </Form>
    </details>
  );
}

function EditForm({
  item,
  isAnswer,
  refusal,
  busy,
}: {
  item: LogAnswerView & Partial<Pick<LogEntryView, "weather" | "peoplePresent" | "isProblem">>;
  isAnswer: boolean;
  refusal: EntryRefusal;
  busy: boolean;
}) {
  const mine = refusalFor(refusal, "corriger", item.id);
  const values = mine?.values;
  return (
    <details open={mine !== null} className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer font-heading text-sm font-semibold text-brand-700">
        Corriger (pendant 24 heures)
      </summary>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="corriger" />
        <input type="hidden" name="entryId" value={item.id} />
        <input type="hidden" name="revision" value={item.revision} />
        <TextareaField
          label="Texte"
          name="body"
          required
          rows={3}
          defaultValue={values?.body ?? item.body}
          errors={mine && (mine.field === "body" || !mine.field) ? mine.message : undefined}
        />
        {isAnswer ? null : (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Météo"
              name="weather"
              options={SITE_LOG_WEATHER_OPTIONS}
              defaultValue={values?.weather ?? item.weather ?? ""}
              errors={mine?.field === "weather" ? mine.message : undefined}
            />
            <TextField
              label="Présents sur le chantier"
              name="peoplePresent"
              defaultValue={values?.peoplePresent ?? item.peoplePresent ?? ""}
              errors={mine?.field === "peoplePresent" ? mine.message : undefined}
            />
            <CheckboxField
              label="Problème"
              name="isProblem"
              defaultChecked={values ? values.isProblem === "on" : item.isProblem}
            />
          </div>
        )}
        <div>
          <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")}>
            Enregistrer la correction
          </button>
        </div>
      </Form>
    </details>
  );
}

export function SiteLogEntries({
  siteId,
  entries,
  refusal,
}: {
  siteId: string;
  entries: LogEntryView[];
  refusal: EntryRefusal;
}) {
  const busy = useNavigation().state !== "idle";
  if (entries.length === 0) {
    return <p className="text-slate-700">Aucune note pour le moment : la première s'écrit ci-dessus.</p>;
  }
  return (
    <ol className="grid gap-4">
      {entries.map((entry) => (
        <li
          key={entry.id}
          id={`note-${entry.id}`}
          className={`grid gap-3 rounded-xl border bg-white p-4 shadow-sm ${
            entry.isProblem ? "border-red-300" : "border-slate-200"
          }`}
        >
          <article className="grid gap-2" aria-label={`Note du ${formatDate(entry.occurredOn)}`}>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-heading text-base font-semibold text-brand-900">
                {formatDate(entry.occurredOn)}
              </h3>
              {entry.isProblem ? (
                <StatusBadge tone="danger">
                  <AlertTriangle aria-hidden="true" className="size-4" />
                  Problème{entry.answers.length === 0 ? " sans réponse" : ""}
                </StatusBadge>
              ) : null}
            </div>
            <Byline item={entry} />
            {entry.weather || entry.peoplePresent ? (
              <p className="text-sm text-slate-700">
                {entry.weather ? <>Météo : {SITE_LOG_WEATHER_LABELS[entry.weather]}</> : null}
                {entry.weather && entry.peoplePresent ? " · " : null}
                {entry.peoplePresent ? <>Présents : {entry.peoplePresent}</> : null}
              </p>
            ) : null}
            <p className="whitespace-pre-line break-words">{entry.body}</p>
            <Photos siteId={siteId} photos={entry.photos} />
          </article>
          {entry.answers.length > 0 ? (
            <ol className="grid gap-3 border-l-4 border-slate-200 pl-3" aria-label="Réponses">
              {entry.answers.map((answer) => (
                <li key={answer.id} id={`note-${answer.id}`} className="grid gap-1">
                  <Byline item={answer} />
                  <p className="whitespace-pre-line break-words">{answer.body}</p>
                  <Photos siteId={siteId} photos={answer.photos} />
                  {answer.editable ? <EditForm item={answer} isAnswer refusal={refusal} busy={busy} /> : null}
                </li>
              ))}
            </ol>
          ) : null}
          <div className="grid gap-2">
            {entry.editable ? <EditForm item={entry} isAnswer={false} refusal={refusal} busy={busy} /> : null}
            <AnswerForm entryId={entry.id} refusal={refusal} busy={busy} />
          </div>
        </li>
      ))}
    </ol>
  );
}
