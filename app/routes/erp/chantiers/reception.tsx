import { FileDown } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { invalid, refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import { CHANTIERS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { jobSiteRefusal } from "#app/features/job-sites/actions.server.ts";
import { ReceptionDraftPanel } from "#app/features/job-sites/components/reception-draft.tsx";
import { ReceptionSigningPanel } from "#app/features/job-sites/components/reception-signing.tsx";
import {
  CloseSitePanel,
  LiftingPvsPanel,
  ReservationLiftingPanel,
} from "#app/features/job-sites/components/reservation-lifting.tsx";
import { WarrantyDatesFacts } from "#app/features/job-sites/components/warranty-dates.tsx";
import { getJobSite } from "#app/features/job-sites/detail.server.ts";
import { JobSiteNotFoundError } from "#app/features/job-sites/query.server.ts";
import {
  addReservation,
  closeJobSite,
  closingProblems,
  deleteReservation,
  getReception,
  liftingPvs,
  liftReservation,
  prepareLiftingPv,
  presentReception,
  ReceptionFieldError,
  type ReservationPhoto,
  recordPaperLifting,
  recordPaperReception,
  reopenReception,
  saveReceptionDraft,
} from "#app/features/job-sites/reception.server.ts";
import { sendReceptionForSigning } from "#app/features/job-sites/reception-online.server.ts";
import { RECEPTION_STATUS_LABELS, ReceptionPostSchema } from "#app/features/job-sites/reception-schema.ts";
import { DecodeBusyError, decodeGate } from "#app/features/quote-request/decode-gate.server.ts";
import { decodePhoto, inspectPhoto, PhotoRejectedError } from "#app/features/quote-request/photos.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues, parseIntent } from "#app/lib/form-intent.ts";
import { readPaperScan } from "#app/lib/paper-scan.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/reception";

export const handle = CHANTIERS_HANDLE;

/*
 * /erp/chantiers/:id/reception: the PV de réception of the site. Prepared as a draft (its
 * date and its reservations), presented for signature (the PDF is frozen), then signed on
 * paper (the scan uploaded); the site then shows the warranties' end dates.
 */

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, JobSiteNotFoundError, async ({ db }) => {
    const site = await getJobSite(db, params.id);
    const view = await getReception(db, site.id);
    const closing = site.status === "receptionne" ? await closingProblems(db, site.id) : null;
    return {
      closing,
      liftings: await liftingPvs(db, site.id),
      site: {
        id: site.id,
        number: site.number,
        title: site.title,
        status: site.status,
        lots: site.lots.map((lot) => ({ id: lot.id, title: lot.title })),
      },
      clientEmail: site.client.email,
      ...view,
      today: parisDay(),
      crumb: site.number,
    };
  });
}

/** The reservation's photo, if one was posted: checked by its bytes, re-encoded without its metadata. */
async function postedPhoto(file: FormDataEntryValue | null): Promise<ReservationPhoto | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  const inspected = await inspectPhoto(file);
  const prepared = await decodeGate.run(() => decodePhoto(inspected));
  return { content: prepared.content, contentType: prepared.contentType, extension: prepared.extension };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const { db, storage } = getServices(context);
  const form = await request.formData();
  const post = parseIntent(ReceptionPostSchema, form);
  if (!post.ok) {
    if (post.unknown || !post.error) return refused(400, { message: "Action inconnue." });
    const { intent: _intent, ...values } = formValues(form);
    return invalid(post.intent, { success: false, error: post.error }, { values });
  }
  const { data } = post;
  const { intent: _intent, photo: _photo, scan: _scan, ...values } = formValues(form);
  const back = (message: string) =>
    redirectWithFlash(request, `/erp/chantiers/${params.id}/reception`, { tone: "success", message });
  try {
    switch (data.intent) {
      case "date":
        await saveReceptionDraft(db, actor, params.id, data.receivedOn);
        return back(`PV de réception daté du ${formatDate(data.receivedOn)}.`);
      case "lever-reserve":
      case "ajouter-reserve": {
        let photo: ReservationPhoto | null;
        try {
          photo = await postedPhoto(form.get("photo"));
        } catch (error) {
          if (error instanceof PhotoRejectedError) {
            return refused(400, {
              intent: data.intent,
              message: error.message,
              fieldErrors: { photo: [error.message] },
              values,
            });
          }
          if (error instanceof DecodeBusyError) {
            return refused(503, {
              intent: data.intent,
              message: "Trop de photos en cours de traitement : réessayez dans quelques secondes.",
              values,
            });
          }
          throw error;
        }
        if (data.intent === "lever-reserve") {
          await liftReservation(db, storage, actor, params.id, data.reservationId, data.liftedOn, photo);
          return back("Réserve levée.");
        }
        await addReservation(db, storage, actor, params.id, data, photo);
        return back("Réserve ajoutée au PV.");
      }
      case "preparer-levee":
        await prepareLiftingPv(db, storage, await documentIdentity(db), actor, params.id);
        return back(
          "PV de levée des réserves prêt à signer : envoyez-le au client pour signature en ligne, ou téléchargez-le pour une signature sur papier.",
        );
      case "papier-levee": {
        const scan = await readPaperScan(form.get("scan"), "du PV de levée signé");
        if (!scan.ok) {
          return refused(scan.status, {
            intent: data.intent,
            message: scan.message,
            fieldErrors: scan.fieldErrors,
            values,
          });
        }
        await recordPaperLifting(db, storage, actor, params.id, data.liftingId, {
          bytes: scan.bytes,
          type: scan.type,
        });
        return back("PV de levée des réserves signé.");
      }
      case "clore":
        await closeJobSite(db, actor, params.id);
        return redirectWithFlash(request, `/erp/chantiers/${params.id}`, {
          tone: "success",
          message: "Chantier clos.",
        });
      case "supprimer-reserve":
        await deleteReservation(db, storage, actor, params.id, data.reservationId);
        return back("Réserve retirée du PV.");
      case "presenter":
        await presentReception(db, storage, await documentIdentity(db), actor, params.id);
        return back("PV prêt à signer : téléchargez-le pour la signature sur papier.");
      case "envoyer":
      case "envoyer-levee": {
        const services = getServices(context);
        const lifting = data.intent === "envoyer-levee";
        const { sentTo } = await sendReceptionForSigning(
          db,
          { siteUrl: services.env.SITE_URL, identity: await documentIdentity(db) },
          actor,
          params.id,
          lifting ? data.liftingId : null,
        );
        services.outbox.wake();
        return back(
          `${lifting ? "PV de levée des réserves" : "PV"} envoyé à ${sentTo} pour signature en ligne.`,
        );
      }
      case "brouillon":
        await reopenReception(db, actor, params.id);
        return back("PV remis en brouillon.");
      case "papier": {
        const scan = await readPaperScan(form.get("scan"), "du PV signé");
        if (!scan.ok) {
          return refused(scan.status, {
            intent: data.intent,
            message: scan.message,
            fieldErrors: scan.fieldErrors,
          });
        }
        await recordPaperReception(db, storage, actor, params.id, { bytes: scan.bytes, type: scan.type });
        return redirectWithFlash(request, `/erp/chantiers/${params.id}`, {
          tone: "success",
          message: "PV de réception signé : le chantier est réceptionné.",
        });
      }
    }
  } catch (error) {
    if (error instanceof ReceptionFieldError) {
      return refused(400, {
        intent: data.intent,
        message: error.message,
        field: error.field,
        fieldErrors: { [error.field]: [error.message] },
        values,
      });
    }
    const refusal = jobSiteRefusal(error, data.intent, values);
    if (refusal) return refusal;
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Réception ${args.loaderData.site.number} — Chantiers` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function ReceptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { site, reception, reservations, warranties, today, clientEmail, closing, liftings } = loaderData;
  const refusal = refusalOf(actionData);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const pdfHref = `/erp/chantiers/${site.id}/reception/pdf`;
  return (
    <div className="grid max-w-4xl gap-5">
      <PageHeader
        title="PV de réception"
        description={
          <>
            <Link to={`/erp/chantiers/${site.id}`} className="text-brand-700 underline">
              {site.number}
            </Link>{" "}
            · {site.title}
            {reception ? ` · ${RECEPTION_STATUS_LABELS[reception.status]}` : ""}
          </>
        }
        actions={
          reception ? (
            <>
              <a href={pdfHref} className={buttonClasses("secondary", "md")} target="_blank" rel="noreferrer">
                <FileDown aria-hidden="true" className="size-4" />
                {reception.status === "brouillon" ? "Aperçu du PV (PDF)" : "Télécharger le PV (PDF)"}
              </a>
              {reception.status === "brouillon" ? null : (
                <Link to={`/erp/chantiers/${site.id}/dossier`} className={buttonClasses("secondary", "md")}>
                  Dossier de fin de chantier
                </Link>
              )}
            </>
          ) : null
        }
      />

      <FormAlert focus errors={refusal && !refusal.fieldErrors ? refusal.message : undefined} />

      {!reception || reception.status === "brouillon" ? (
        <ReceptionDraftPanel
          photoHref={(reservationId) => `${pdfHref}?photo=${reservationId}`}
          reception={reception}
          reservations={reservations}
          lots={site.lots}
          today={today}
          refusal={refusal ?? null}
          busy={busy}
        />
      ) : (
        <ReceptionSigningPanel
          siteId={site.id}
          clientEmail={clientEmail}
          reception={reception}
          reservations={reservations}
          refusal={refusal ?? null}
          busy={busy}
        />
      )}

      {reception?.status === "signe" ? (
        <ReservationLiftingPanel
          photoBase={pdfHref}
          reservations={reservations}
          receivedOn={reception.receivedOn}
          today={today}
          refusal={refusal ?? null}
          busy={busy}
        />
      ) : null}

      <LiftingPvsPanel
        siteId={site.id}
        clientEmail={clientEmail}
        liftings={liftings}
        pending={
          reservations.filter(
            (reservation) => reservation.liftedOn !== null && reservation.liftingReceptionId === null,
          ).length
        }
        refusal={refusal ?? null}
        busy={busy}
      />

      {closing ? <CloseSitePanel problems={closing} busy={busy} /> : null}

      {warranties ? (
        <Panel id="reception-garanties" title="Garanties">
          <WarrantyDatesFacts warranties={warranties} />
        </Panel>
      ) : null}

      {reception?.status === "brouillon" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="presenter" />
          <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
            Présenter le PV à la signature
          </button>
        </Form>
      ) : null}
    </div>
  );
}
