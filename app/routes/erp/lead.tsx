import { FileJson, Mail, Phone, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useEffect, useId, useRef } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { requireStaff } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { errorTextClass, inputClass, labelClass, panelClass } from "#app/features/erp/components/ui.ts";
import { erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { LeadStatusBadge } from "#app/features/leads/components/status-badge.tsx";
import { LeadTimeline } from "#app/features/leads/components/timeline.tsx";
import { formatBytes, formatDateTime } from "#app/features/leads/format.ts";
import {
  addLeadNote,
  assignableStaff,
  deleteLead,
  getLead,
  LeadInputError,
  LeadNotFoundError,
  parisDay,
  updateLead,
} from "#app/features/leads/leads.server.ts";
import {
  formatPhone,
  LEAD_STATUSES,
  LeadUpdateSchema,
  NOTE_MAX,
  NoteSchema,
  phoneHref,
  statusLabels,
} from "#app/features/leads/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/lead";

type ActionResult = { ok: true; message: string } | { ok: false; message: string; field?: string };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const { db } = getServices(context);
  try {
    const [lead, staff] = await Promise.all([getLead(db, params.id), assignableStaff(db)]);
    return { lead, staff, today: parisDay(), crumb: lead.nom };
  } catch (error) {
    if (error instanceof LeadNotFoundError) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

function refused(message: string, field?: string, status = 400) {
  return data<ActionResult>({ ok: false, message, field }, { status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireStaff(request, context);
  const services = getServices(context);
  const actor = { id: session.user.id, email: session.user.email };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "note") {
      const note = NoteSchema.safeParse(String(form.get("note") ?? ""));
      if (!note.success) return refused(note.error.issues[0]?.message ?? "Note invalide.", "note");
      await addLeadNote(services.db, actor, params.id, note.data);
      return data<ActionResult>({ ok: true, message: "Note ajoutée." });
    }
    if (intent === "suivi") {
      const parsed = LeadUpdateSchema.safeParse({
        status: String(form.get("status") ?? ""),
        assigneeId: String(form.get("assigneeId") ?? "") || null,
        nextFollowUp: String(form.get("nextFollowUp") ?? "") || null,
        town: String(form.get("town") ?? "") || null,
        doNotContact: form.get("doNotContact") === "on",
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return refused(issue?.message ?? "Suivi invalide.", String(issue?.path[0] ?? ""));
      }
      await updateLead(services.db, actor, params.id, parsed.data);
      return data<ActionResult>({ ok: true, message: "Suivi enregistré." });
    }
    if (intent === "supprimer") {
      if (form.get("confirmation") !== "oui") {
        return refused("Confirmez la suppression définitive avant de supprimer.");
      }
      const { photos } = await deleteLead(services.db, services.storage, params.id);
      services.logger.info(
        { leadId: params.id, photos, by: session.user.id },
        "prospect supprimé (données personnelles)",
      );
      throw redirect("/erp/leads?supprime=1");
    }
    return refused("Action inconnue.");
  } catch (error) {
    if (error instanceof LeadNotFoundError) return refused(error.message, undefined, 404);
    if (error instanceof LeadInputError) return refused(error.message);
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.lead.nom} — Prospects` : "", args);

export const shouldRevalidate = erpShouldRevalidate;

export const handle = { section: "Prospects", sectionHref: "/erp/leads" };

export const ErrorBoundary = ErpPageErrorBoundary;

/** Toast after each action of a sub-form. */
function useActionToast(fetcher: { state: string; data?: ActionResult }) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast({ title: fetcher.data.message });
    else toast({ title: "Action impossible", description: fetcher.data.message, variant: "destructive" });
  }, [fetcher.state, fetcher.data]);
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children || "—"}</dd>
    </div>
  );
}

function PipelineForm({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { lead, staff } = loaderData;
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher);
  const saving = fetcher.state !== "idle";
  const id = useId();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Suivi
      </h2>
      <input type="hidden" name="intent" value="suivi" />
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          Statut
        </label>
        <select id={`${id}-status`} name="status" defaultValue={lead.status} className={inputClass}>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-assignee`} className={labelClass}>
          Suivi par
        </label>
        <select
          id={`${id}-assignee`}
          name="assigneeId"
          defaultValue={lead.assigneeId ?? ""}
          className={inputClass}
        >
          <option value="">Personne</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.email}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-follow`} className={labelClass}>
          Prochaine relance
        </label>
        <input
          id={`${id}-follow`}
          name="nextFollowUp"
          type="date"
          defaultValue={lead.nextFollowUp ?? ""}
          className={inputClass}
          aria-invalid={failed?.field === "nextFollowUp"}
        />
      </div>
      <div>
        <label htmlFor={`${id}-town`} className={labelClass}>
          Commune du chantier
        </label>
        <input
          id={`${id}-town`}
          name="town"
          maxLength={100}
          defaultValue={lead.town ?? ""}
          className={inputClass}
        />
      </div>
      <label className="flex min-h-11 items-center gap-3 font-semibold text-brand-900">
        <input
          type="checkbox"
          name="doNotContact"
          defaultChecked={lead.doNotContact}
          className="size-5 accent-red-700"
        />
        Ne pas recontacter
      </label>
      {failed ? (
        <p role="alert" className={errorTextClass}>
          {failed.message}
        </p>
      ) : null}
      <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
        {saving ? "Enregistrement…" : "Enregistrer le suivi"}
      </button>
    </fetcher.Form>
  );
}

function NoteForm() {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher);
  const saving = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The text area empties once the note is saved.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={formRef} method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="note" />
      <label htmlFor={`${id}-note`} className={labelClass}>
        Ajouter une note
      </label>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={3}
        required
        maxLength={NOTE_MAX}
        className={inputClass}
        aria-invalid={Boolean(failed)}
        aria-describedby={failed ? `${id}-note-error` : undefined}
      />
      {failed ? (
        <p id={`${id}-note-error`} className={errorTextClass}>
          {failed.message}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={saving} className={buttonClasses("outline", "md")}>
          {saving ? "Ajout…" : "Ajouter la note"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function DeleteLead({ name }: { name: string }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher);
  const deleting = fetcher.state !== "idle";
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={buttonClasses("destructive", "md")}>
        <Trash2 aria-hidden="true" className="size-4" />
        Supprimer les données…
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-brand-900/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="font-heading text-xl font-bold text-brand-900">
            Supprimer définitivement les données de {name} ?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-800">
            La demande, ses photos, son suivi et son historique seront effacés pour de bon. Cette action ne
            peut pas être annulée. Pensez à exporter les données si la personne les a demandées.
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses("outline", "md")}>Annuler</AlertDialog.Cancel>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="supprimer" />
              <input type="hidden" name="confirmation" value="oui" />
              <button type="submit" disabled={deleting} className={buttonClasses("destructive", "md")}>
                {deleting ? "Suppression…" : "Supprimer définitivement"}
              </button>
            </fetcher.Form>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export default function LeadPage({ loaderData }: Route.ComponentProps) {
  const { lead } = loaderData;
  const mailSubject = encodeURIComponent(`Votre demande de devis — ${lead.typeProjet}`);
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">{lead.nom}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <LeadStatusBadge status={lead.status} />
            <span>
              Reçue le <time dateTime={lead.createdAt.toISOString()}>{formatDateTime(lead.createdAt)}</time>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
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
                <a href={phoneHref(lead.telephone)} className={buttonClasses("secondary", "md")}>
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
                  ? `Donné le ${formatDateTime(lead.consentAt)}`
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
              <NoteForm />
              <LeadTimeline events={lead.events} receivedAt={lead.createdAt} source={lead.source} />
            </div>
          </section>
        </div>

        <div className="grid content-start gap-5">
          <section className={panelClass}>
            <PipelineForm loaderData={loaderData} />
          </section>
          <section aria-labelledby="donnees-title" className={panelClass}>
            <h2 id="donnees-title" className="text-lg font-bold">
              Données personnelles
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Dernière activité le {formatDateTime(lead.lastActivityAt)}. Sans suivi pendant 3 ans, les
              données sont supprimées automatiquement.
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
              <DeleteLead name={lead.nom} />
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
