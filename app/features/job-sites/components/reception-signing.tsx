import { FileCheck } from "lucide-react";
import { Form } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { FileField } from "#app/components/forms/field.tsx";
import { FormSection } from "#app/components/forms/form-parts.tsx";
import { type Refusal, refusedField } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import type { JobSiteReceptionRow } from "#app/db/schema/receptions.ts";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import type { ReservationView } from "../reception.server.ts";
import { ReservationList } from "./reception-draft.tsx";

/*
 * A PV de réception presented for signature (its PDF frozen) or signed: its facts, its
 * reservations, and, while unsigned, the paper signature (the scan uploaded) or going
 * back to the draft.
 */

export function ReceptionSigningPanel({
  siteId,
  clientEmail,
  reception,
  reservations,
  refusal,
  busy,
}: {
  siteId: string;
  clientEmail: string | null;
  reception: Pick<
    JobSiteReceptionRow,
    | "status"
    | "receivedOn"
    | "withReservations"
    | "signing"
    | "signedAt"
    | "signerName"
    | "linkSentTo"
    | "linkSentAt"
  >;
  reservations: readonly Pick<
    ReservationView,
    "id" | "lotTitle" | "description" | "deadline" | "photoStorageKey"
  >[];
  refusal: Pick<Refusal, "intent" | "field" | "message" | "fieldErrors"> | null;
  busy: boolean;
}) {
  const signed = reception.status === "signe";
  return (
    <>
      <Panel id="reception-pv" title={signed ? "PV signé" : "PV à signer"}>
        <div className="grid gap-4">
          <Facts
            facts={[
              { label: "Réception prononcée le", value: formatDate(reception.receivedOn) },
              { label: "Réserves", value: reception.withReservations ? "Avec réserves" : "Sans réserve" },
              ...(signed && reception.signedAt
                ? [
                    {
                      label: "Signé",
                      value: `${reception.signing === "papier" ? "Sur papier" : "En ligne"}, le ${formatDateTime(reception.signedAt)}${reception.signerName ? ` par ${reception.signerName}` : ""}`,
                    },
                  ]
                : []),
            ]}
          />
          <ReservationList
            reservations={reservations}
            removable={false}
            photoHref={(reservationId) => `/erp/chantiers/${siteId}/reception/pdf?photo=${reservationId}`}
          />
          {signed ? (
            <a
              href={`/erp/chantiers/${siteId}/reception/copie-signee`}
              className={buttonClasses("secondary", "md")}
              target="_blank"
              rel="noreferrer"
            >
              <FileCheck aria-hidden="true" className="size-4" />
              Exemplaire signé
            </a>
          ) : null}
        </div>
      </Panel>

      {signed ? null : (
        <Panel
          id="reception-en-ligne"
          title="Signature en ligne par le client"
          description="Le client reçoit un lien personnel, confirme son adresse par un code à six chiffres et signe ; le PV signé vous est envoyé à tous deux."
        >
          <div className="grid gap-3">
            {reception.linkSentTo && reception.linkSentAt ? (
              <p>
                Lien envoyé à {reception.linkSentTo} le {formatDateTime(reception.linkSentAt)}.
              </p>
            ) : null}
            {clientEmail ? (
              <Form method="post">
                <input type="hidden" name="intent" value="envoyer" />
                <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
                  {reception.linkSentTo ? "Renvoyer le lien au client" : `Envoyer le PV à ${clientEmail}`}
                </button>
              </Form>
            ) : (
              <p className="text-slate-700">
                Le client n'a pas d'adresse e-mail : faites signer le PV sur papier, ou renseignez son adresse
                sur sa fiche.
              </p>
            )}
          </div>
        </Panel>
      )}

      {signed ? null : (
        <Panel
          id="reception-papier"
          title="Signature sur papier"
          description="Imprimez le PV, faites-le signer par le client, puis joignez la copie numérisée."
        >
          <div className="grid gap-4">
            <Form method="post" encType="multipart/form-data" noValidate aria-label="PV signé sur papier">
              <input type="hidden" name="intent" value="papier" />
              <FormSection legend="PV signé sur papier">
                <FileField
                  id="reception-scan"
                  name="scan"
                  label="Copie numérisée du PV signé"
                  required
                  accept="application/pdf,image/jpeg,image/png"
                  errors={refusedField(refusal, "papier", "scan")}
                  hint="PDF, JPEG ou PNG, 10 Mo au plus, tel que numérisé."
                />
                <div>
                  <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
                    Enregistrer le PV signé
                  </button>
                </div>
              </FormSection>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="brouillon" />
              <button type="submit" disabled={busy} className={buttonClasses("ghost", "md")}>
                Remettre le PV en brouillon
              </button>
            </Form>
          </div>
        </Panel>
      )}
    </>
  );
}
