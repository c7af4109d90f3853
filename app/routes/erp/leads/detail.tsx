import { FileJson, Mail, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { invalid, refused } from "#app/components/forms/refusal.server.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import { ConvertLeadForm } from "#app/features/clients/components/convert-lead-form.tsx";
import { clientForLead } from "#app/features/clients/convert.server.ts";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { erpMeta, PROSPECTS_HANDLE } from "#app/features/erp/navigation.ts";
import { addLeadNote, assignableStaff, updateLead } from "#app/features/leads/actions.server.ts";
import {
  DeleteLeadForm,
  FollowUpForm,
  LEAD_INTENTS,
  type LeadActionResult,
  NoteForm,
} from "#app/features/leads/components/lead-forms.tsx";
import { LeadStatusBadge } from "#app/features/leads/components/status-badge.tsx";
import { LeadTimeline } from "#app/features/leads/components/timeline.tsx";
import { getLead } from "#app/features/leads/detail.server.ts";
import { formatBytes } from "#app/features/leads/format.ts";
import { deleteLead } from "#app/features/leads/gdpr.server.ts";
import { LeadInputError, LeadNotFoundError } from "#app/features/leads/query.server.ts";
import { LeadUpdateSchema, NoteSchema } from "#app/features/leads/schema.ts";
import { NewQuoteButton } from "#app/features/quotes/components/new-quote-button.tsx";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import { z } from "#app/lib/zod.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

const NoteFormSchema = z.object({ note: NoteSchema });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, LeadNotFoundError, async ({ db }) => {
    const [lead, staff, client] = await Promise.all([
      getLead(db, params.id),
      assignableStaff(db),
      clientForLead(db, params.id),
    ]);
    return { lead, staff, client, today: parisDay(), crumb: lead.nom };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const services = getServices(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const known = Object.values(LEAD_INTENTS).find((value) => value === intent);
  try {
    if (intent === LEAD_INTENTS.note) {
      const parsed = NoteFormSchema.safeParse({ note: String(form.get("note") ?? "") });
      if (!parsed.success) return invalid(LEAD_INTENTS.note, parsed);
      await addLeadNote(services.db, actor, params.id, parsed.data.note);
      return data<LeadActionResult>({ ok: true, message: "Note ajoutée." });
    }
    if (intent === LEAD_INTENTS.followUp) {
      const parsed = LeadUpdateSchema.safeParse({
        status: String(form.get("status") ?? ""),
        assigneeId: String(form.get("assigneeId") ?? "") || null,
        nextFollowUp: String(form.get("nextFollowUp") ?? "") || null,
        town: String(form.get("town") ?? "") || null,
        doNotContact: form.get("doNotContact") === "on",
      });
      if (!parsed.success) return invalid(LEAD_INTENTS.followUp, parsed);
      await updateLead(services.db, actor, params.id, parsed.data);
      return data<LeadActionResult>({ ok: true, message: "Suivi enregistré." });
    }
    if (intent === LEAD_INTENTS.delete) {
      if (form.get("confirmation") !== "oui") {
        return refused(400, {
          message: "Confirmez la suppression définitive avant de supprimer.",
          intent: LEAD_INTENTS.delete,
        });
      }
      const { photos } = await deleteLead(services.db, services.storage, params.id);
      services.logger.info(
        { leadId: params.id, photos, by: actor.id },
        "prospect supprimé (données personnelles)",
      );
      throw redirectWithFlash(request, "/erp/leads", {
        tone: "success",
        message: "Les données du prospect ont été supprimées définitivement.",
      });
    }
    return refused(400, { message: "Action inconnue." });
  } catch (error) {
    if (error instanceof LeadNotFoundError) return refused(404, { message: error.message, intent: known });
    if (error instanceof LeadInputError) return refused(400, { message: error.message, intent: known });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.lead.nom} — Prospects` : "", args);

export const handle = PROSPECTS_HANDLE;

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children || "—"}</dd>
    </div>
  );
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, staff, client } = loaderData;
  const mailSubject = encodeURIComponent(`Votre demande de devis — ${lead.typeProjet}`);
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">{lead.nom}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <LeadStatusBadge status={lead.status} />
            <span>
              Reçue le{" "}
              <time dateTime={lead.createdAt.toISOString()}>{formatDateTime(lead.createdAt, "medium")}</time>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {lead.doNotContact ? null : <NewQuoteButton leadId={lead.id} />}
          <ConvertLeadForm leadId={lead.id} client={client} />
          {lead.doNotContact ? (
            <p
              role="note"
              className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800"
            >
              Ne pas recontacter : cette personne a demandé à ne plus être contactée.
            </p>
          ) : (
            <>
              {lead.telephone ? (
                <a href={telHref(lead.telephone)} className={buttonClasses("secondary", "md")}>
                  <Phone aria-hidden="true" className="size-4" />
                  Appeler le {formatPhone(lead.telephone)}
                </a>
              ) : null}
              {lead.email ? (
                <a
                  href={`mailto:${lead.email}?subject=${mailSubject}`}
                  className={buttonClasses("outline", "md")}
                >
                  <Mail aria-hidden="true" className="size-4" />
                  Écrire un e-mail
                </a>
              ) : null}
            </>
          )}
        </div>
      </div>
      {/* A post made without JavaScript comes back here: say that it worked (a script shows a toast). */}
      {actionData?.ok ? (
        <p
          role="status"
          className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm font-semibold text-green-900"
        >
          {actionData.message}
        </p>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-5">
          <section aria-labelledby="demande-title" className={panelClass}>
            <h2 id="demande-title" className="text-lg font-bold">
              La demande
            </h2>
            <dl className="mt-3 grid gap-4 sm:grid-cols-2">
              <Fact label="Nom">{lead.nom}</Fact>
              <Fact label="Téléphone">{lead.telephone ? formatPhone(lead.telephone) : ""}</Fact>
              <Fact label="E-mail">{lead.email}</Fact>
              <Fact label="Commune">{lead.town ?? ""}</Fact>
              <Fact label="Type de travaux">{lead.typeProjet}</Fact>
              <Fact label="Budget">{lead.budget}</Fact>
              <Fact label="Origine">{lead.source}</Fact>
              <Fact label="Consentement">
                {lead.consentAt
                  ? `Donné le ${formatDateTime(lead.consentAt, "medium")}`
                  : lead.module === "manuel"
                    ? "Saisie par l'équipe"
                    : ""}
              </Fact>
            </dl>
            <div className="mt-4">
              <h3 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
                Description du projet
              </h3>
              <p className="mt-1 whitespace-pre-line">{lead.message}</p>
            </div>
          </section>

          <section aria-labelledby="photos-title" className={panelClass}>
            <h2 id="photos-title" className="text-lg font-bold">
              Photos ({lead.photos.length})
            </h2>
            {lead.photos.length === 0 ? (
              <p className="mt-2 text-slate-700">Aucune photo jointe à cette demande.</p>
            ) : (
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {lead.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a
                      href={`/api/erp/photos/${photo.id}`}
                      target="_blank"
                      rel="noopener"
                      className="block overflow-hidden rounded-lg border border-slate-200 hover:border-brand-500"
                    >
                      <img
                        src={`/api/erp/photos/${photo.id}?taille=vignette`}
                        alt={`${photo.fileName} (n° ${index + 1}, taille réelle dans un nouvel onglet)`}
                        width={320}
                        height={Math.round((320 * photo.height) / Math.max(1, photo.width))}
                        loading="lazy"
                        className="aspect-[4/3] w-full bg-slate-100 object-cover"
                      />
                    </a>
                    <p className="mt-1 truncate text-xs text-slate-700">
                      {photo.fileName} · {photo.width}×{photo.height} · {formatBytes(photo.sizeBytes)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="historique-title" className={panelClass}>
            <h2 id="historique-title" className="text-lg font-bold">
              Historique
            </h2>
            <div className="mt-3 grid gap-4">
              <NoteForm serverResult={actionData} />
              <LeadTimeline events={lead.events} receivedAt={lead.createdAt} source={lead.source} />
            </div>
          </section>
        </div>

        <div className="grid content-start gap-5">
          <section className={panelClass}>
            <FollowUpForm lead={lead} staff={staff} serverResult={actionData} />
          </section>
          <section aria-labelledby="donnees-title" className={panelClass}>
            <h2 id="donnees-title" className="text-lg font-bold">
              Données personnelles
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Dernière activité le {formatDateTime(lead.lastActivityAt, "medium")}. Sans suivi pendant 3 ans,
              les données sont supprimées automatiquement.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <a
                href={`/api/erp/leads/${lead.id}/export.json`}
                download
                className={buttonClasses("outline", "md")}
              >
                <FileJson aria-hidden="true" className="size-4" />
                Exporter en JSON
              </a>
              <DeleteLeadForm name={lead.nom} serverResult={actionData} />
            </div>
          </section>
          <p>
            <Link to="/erp/leads" className="font-semibold text-brand-700 underline">
              Retour aux prospects
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
