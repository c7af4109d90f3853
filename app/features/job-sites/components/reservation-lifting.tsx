import { Form } from "react-router";
import { DateField, FileField } from "#app/components/forms/field.tsx";
import { FormSection } from "#app/components/forms/form-parts.tsx";
import { type Refusal, refusedField } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import type { LiftingView, ReservationView } from "../reception.server.ts";
import { RECEPTION_STATUS_LABELS } from "../reception-schema.ts";

/*
 * After the signed PV: each reservation marked lifted with its day and, if taken, the
 * photo of the work done; then « Clore le chantier », offered only when the final
 * invoices are paid and every reservation lifted (what is missing is said otherwise).
 */

type Reservation = Pick<
  ReservationView,
  "id" | "description" | "deadline" | "lotTitle" | "liftedOn" | "liftedPhotoStorageKey"
>;

export function ReservationLiftingPanel({
  photoBase,
  reservations,
  receivedOn,
  today,
  refusal,
  busy,
}: {
  /** The address the photos are served from (…/reception/pdf). */
  photoBase: string;
  reservations: readonly Reservation[];
  receivedOn: string;
  today: string;
  refusal: (Pick<Refusal, "intent" | "field" | "message" | "fieldErrors" | "values"> & object) | null;
  busy: boolean;
}) {
  if (reservations.length === 0) return null;
  const refusedHere = (id: string) =>
    refusal?.intent === "lever-reserve" && refusal.values?.reservationId === id;
  return (
    <Panel id="reception-levee" title="Levée des réserves">
      <ol className="grid gap-3">
        {reservations.map((reservation, index) => (
          <li key={reservation.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
            <p className="font-semibold break-words text-brand-900">
              {index + 1}. {reservation.description}
            </p>
            <p className="text-sm text-slate-700">
              {reservation.lotTitle ? `Lot ${reservation.lotTitle}` : "Ensemble du chantier"} · à lever avant
              le {formatDate(reservation.deadline)}
            </p>
            {reservation.liftedOn ? (
              <p className="flex flex-wrap gap-x-3 font-semibold text-green-900">
                Levée le {formatDate(reservation.liftedOn)}
                {reservation.liftedPhotoStorageKey ? (
                  <a
                    href={`${photoBase}?photo=${reservation.id}&levee=1`}
                    target="_blank"
                    rel="noreferrer"
                    className="font-normal text-brand-700 underline"
                  >
                    Voir la photo<span className="sr-only"> de la levée de la réserve n° {index + 1}</span>
                  </a>
                ) : null}
              </p>
            ) : (
              <Form
                method="post"
                encType="multipart/form-data"
                noValidate
                aria-label={`Lever la réserve n° ${index + 1}`}
              >
                <input type="hidden" name="intent" value="lever-reserve" />
                <input type="hidden" name="reservationId" value={reservation.id} />
                <FormSection legend={`Lever la réserve n° ${index + 1}`}>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <DateField
                      id={`levee-${reservation.id}-jour`}
                      name="liftedOn"
                      label="Levée le"
                      required
                      min={receivedOn}
                      max={today}
                      defaultValue={refusedHere(reservation.id) ? refusal?.values?.liftedOn : today}
                      errors={
                        refusedHere(reservation.id)
                          ? refusedField(refusal, "lever-reserve", "liftedOn")
                          : undefined
                      }
                    />
                    <FileField
                      id={`levee-${reservation.id}-photo`}
                      name="photo"
                      label="Photo des travaux repris (facultative)"
                      accept="image/jpeg,image/png,image/webp"
                      errors={
                        refusedHere(reservation.id)
                          ? refusedField(refusal, "lever-reserve", "photo")
                          : undefined
                      }
                    />
                  </div>
                  <div>
                    <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")}>
                      Marquer la réserve levée
                    </button>
                  </div>
                </FormSection>
              </Form>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

export function CloseSitePanel({ problems, busy }: { problems: readonly string[]; busy: boolean }) {
  return (
    <Panel id="reception-clore" title="Clore le chantier">
      {problems.length > 0 ? (
        <div className="grid gap-2">
          <p>Le chantier pourra être clos quand :</p>
          <ul className="grid list-disc gap-1 pl-6">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="clore" />
          <p>La facture de solde est payée et toutes les réserves sont levées.</p>
          <div>
            <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
              Clore le chantier
            </button>
          </div>
        </Form>
      )}
    </Panel>
  );
}

/** The PVs de levée des réserves: each with its file and, while unsigned, its paper signature; « Préparer » for the reservations lifted since. */
export function LiftingPvsPanel({
  siteId,
  clientEmail,
  liftings,
  pending,
  refusal,
  busy,
}: {
  siteId: string;
  clientEmail: string | null;
  liftings: readonly LiftingView[];
  /** Reservations lifted and on no PV de levée yet. */
  pending: number;
  refusal: Pick<Refusal, "intent" | "field" | "message" | "fieldErrors" | "values"> | null;
  busy: boolean;
}) {
  if (liftings.length === 0 && pending === 0) return null;
  return (
    <Panel id="reception-pv-levee" title="PV de levée des réserves">
      <div className="grid gap-4">
        {liftings.length > 0 ? (
          <ul className="grid gap-3">
            {liftings.map((lifting) => (
              <li key={lifting.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
                <p>
                  PV du {formatDate(lifting.receivedOn)} ({lifting.reservations} réserve
                  {lifting.reservations > 1 ? "s" : ""}) :{" "}
                  <strong>{RECEPTION_STATUS_LABELS[lifting.status]}</strong>
                  {lifting.status === "signe" && lifting.signedAt
                    ? ` ${lifting.signing === "papier" ? "sur papier" : "en ligne"} le ${formatDateTime(lifting.signedAt)}${lifting.signerName ? ` par ${lifting.signerName}` : ""}`
                    : ""}
                </p>
                <a
                  href={`/erp/chantiers/${siteId}/reception/pdf?levee=${lifting.id}`}
                  className={`${buttonClasses("secondary", "md")} justify-self-start`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {lifting.status === "signe" ? "Exemplaire signé" : "Télécharger le PV de levée (PDF)"}
                </a>
                {lifting.status === "signe" ? null : (
                  <div className="grid gap-2">
                    {lifting.linkSentTo && lifting.linkSentAt ? (
                      <p>
                        Lien envoyé à {lifting.linkSentTo} le {formatDateTime(lifting.linkSentAt)}.
                      </p>
                    ) : null}
                    {clientEmail ? (
                      <Form method="post" aria-label="PV de levée signé en ligne">
                        <input type="hidden" name="intent" value="envoyer-levee" />
                        <input type="hidden" name="liftingId" value={lifting.id} />
                        <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
                          {lifting.linkSentTo
                            ? "Renvoyer le lien au client"
                            : `Envoyer le PV de levée à ${clientEmail} pour signature en ligne`}
                        </button>
                      </Form>
                    ) : (
                      <p className="text-slate-700">
                        Le client n'a pas d'adresse e-mail : faites signer le PV de levée sur papier, ou
                        renseignez son adresse sur sa fiche.
                      </p>
                    )}
                  </div>
                )}
                {lifting.status === "signe" ? null : (
                  <Form
                    method="post"
                    encType="multipart/form-data"
                    noValidate
                    aria-label="PV de levée signé sur papier"
                  >
                    <input type="hidden" name="intent" value="papier-levee" />
                    <input type="hidden" name="liftingId" value={lifting.id} />
                    <FormSection legend="PV de levée signé sur papier">
                      <FileField
                        id={`levee-scan-${lifting.id}`}
                        name="scan"
                        label="Copie numérisée du PV de levée signé"
                        required
                        accept="application/pdf,image/jpeg,image/png"
                        errors={
                          refusal?.values?.liftingId === lifting.id
                            ? refusedField(refusal, "papier-levee", "scan")
                            : undefined
                        }
                        hint="PDF, JPEG ou PNG, 10 Mo au plus, tel que numérisé."
                      />
                      <div>
                        <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")}>
                          Enregistrer le PV de levée signé
                        </button>
                      </div>
                    </FormSection>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {pending > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="preparer-levee" />
            <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
              Préparer le PV de levée ({pending} réserve{pending > 1 ? "s" : ""} levée{pending > 1 ? "s" : ""}
              )
            </button>
          </Form>
        ) : null}
      </div>
    </Panel>
  );
}
