import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { DateField, FileField, TextareaField } from "#app/components/forms/field.tsx";
import { FormSection } from "#app/components/forms/form-parts.tsx";
import { type Refusal, refusedField } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmedPost } from "#app/components/ui/confirmed-post.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import type { JobSiteReceptionRow } from "#app/db/schema/receptions.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { ReservationView } from "../reception.server.ts";
import { RESERVATION_MAX } from "../reception-schema.ts";
import { LotField } from "./lot-field.tsx";

/*
 * The draft PV de réception: its date, then its reservations (each with its lot,
 * description, optional photo and deadline). No reservation: a reception « sans réserve ».
 */

type Reservation = Pick<ReservationView, "id" | "lotTitle" | "description" | "deadline" | "photoStorageKey">;

function DeleteReservation({ reservation, index }: { reservation: Reservation; index: number }) {
  return (
    <ConfirmedPost
      intent="supprimer-reserve"
      fields={{ reservationId: reservation.id }}
      confirmation={false}
      variant="ghost"
      icon={Trash2}
      label={
        <>
          Retirer<span className="sr-only"> la réserve n° {index + 1}</span>
        </>
      }
      title={`Retirer la réserve n° ${index + 1} ?`}
      description={reservation.description}
      confirmLabel="Retirer la réserve"
      pendingLabel="Retrait…"
    />
  );
}

export function ReservationList({
  reservations,
  removable,
  photoHref,
}: {
  reservations: readonly Reservation[];
  removable: boolean;
  /** The address of a reservation's photo. */
  photoHref: (reservationId: string) => string;
}) {
  if (reservations.length === 0) {
    return <p className="text-slate-700">Aucune réserve : la réception est prononcée sans réserve.</p>;
  }
  return (
    <ol className="grid gap-2" aria-label="Réserves du PV">
      {reservations.map((reservation, index) => (
        <li
          key={reservation.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
        >
          <div className="grid min-w-0 gap-0.5">
            <span className="font-semibold break-words whitespace-pre-line text-brand-900">
              {index + 1}. {reservation.description}
            </span>
            <span className="text-sm text-slate-700">
              {reservation.lotTitle ? `Lot ${reservation.lotTitle}` : "Ensemble du chantier"} · à lever avant
              le {formatDate(reservation.deadline)}
            </span>
            {reservation.photoStorageKey ? (
              <a
                href={photoHref(reservation.id)}
                target="_blank"
                rel="noreferrer"
                className="text-sm text-brand-700 underline"
              >
                Voir la photo<span className="sr-only"> de la réserve n° {index + 1}</span>
              </a>
            ) : null}
          </div>
          {removable ? <DeleteReservation reservation={reservation} index={index} /> : null}
        </li>
      ))}
    </ol>
  );
}

export function ReceptionDraftPanel({
  photoHref,
  reception,
  reservations,
  lots,
  today,
  refusal,
  busy,
}: {
  photoHref: (reservationId: string) => string;
  reception: Pick<JobSiteReceptionRow, "receivedOn"> | null;
  reservations: readonly Reservation[];
  lots: readonly { id: string; title: string }[];
  today: string;
  refusal: Pick<Refusal, "intent" | "field" | "message" | "fieldErrors" | "values"> | null;
  busy: boolean;
}) {
  const typed = (intent: string) => (refusal?.intent === intent ? refusal.values : undefined);
  const dateValues = typed("date");
  const reservationValues = typed("ajouter-reserve");
  return (
    <>
      <Panel id="reception-date" title="Date de la réception">
        <Form method="post" noValidate aria-label="Date de la réception" className="grid gap-3">
          <input type="hidden" name="intent" value="date" />
          <DateField
            id="reception-date-jour"
            name="receivedOn"
            label="Réception prononcée le"
            required
            max={today}
            defaultValue={dateValues?.receivedOn ?? reception?.receivedOn ?? today}
            errors={refusedField(refusal, "date", "receivedOn")}
            hint="Le jour de la visite de réception avec le client : il fait courir les garanties."
          />
          <div>
            <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")}>
              {reception ? "Changer la date" : "Préparer le PV"}
            </button>
          </div>
        </Form>
      </Panel>

      {reception ? (
        <Panel id="reception-reserves" title="Réserves">
          <div className="grid gap-4">
            <ReservationList reservations={reservations} removable photoHref={photoHref} />
            <Form
              method="post"
              encType="multipart/form-data"
              noValidate
              aria-label="Ajouter une réserve"
              key={
                refusal?.intent === "ajouter-reserve"
                  ? JSON.stringify(reservationValues)
                  : reservations.length
              }
            >
              <input type="hidden" name="intent" value="ajouter-reserve" />
              <FormSection legend="Ajouter une réserve">
                <div className="grid gap-4 sm:grid-cols-2">
                  <LotField
                    id="reserve-lot"
                    lots={lots}
                    wholeSite="Ensemble du chantier"
                    defaultValue={reservationValues?.lotId ?? ""}
                    errors={refusedField(refusal, "ajouter-reserve", "lotId")}
                  />
                  <DateField
                    id="reserve-delai"
                    name="deadline"
                    label="À lever avant le"
                    required
                    min={reception.receivedOn}
                    defaultValue={reservationValues?.deadline}
                    errors={refusedField(refusal, "ajouter-reserve", "deadline")}
                  />
                  <div className="sm:col-span-2">
                    <TextareaField
                      id="reserve-description"
                      name="description"
                      label="Description"
                      required
                      rows={3}
                      maxLength={RESERVATION_MAX}
                      defaultValue={reservationValues?.description}
                      errors={refusedField(refusal, "ajouter-reserve", "description")}
                      hint="Ce qui reste à reprendre, et où : « Joint de la douche à refaire, angle nord »."
                    />
                  </div>
                  <div className="sm:col-span-2">
                    <FileField
                      id="reserve-photo"
                      name="photo"
                      label="Photo (facultative)"
                      accept="image/jpeg,image/png,image/webp"
                      errors={refusedField(refusal, "ajouter-reserve", "photo")}
                      hint="JPEG, PNG ou WebP, 5 Mo au plus."
                    />
                  </div>
                </div>
                <div>
                  <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")}>
                    Ajouter la réserve
                  </button>
                </div>
              </FormSection>
            </Form>
          </div>
        </Panel>
      ) : null}
    </>
  );
}
