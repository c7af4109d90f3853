import { data, Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { Timeline } from "#app/components/data/timeline.tsx";
import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { Panel } from "#app/components/ui/panel.tsx";
import { company, fullAddress } from "#app/config/company.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { type ErpHandle, erpMeta } from "#app/features/erp/navigation.ts";
import { registerEntryCount } from "#app/features/integrity-register/register.server.ts";
import { CompliancePanel } from "#app/features/settings/components/compliance-panel.tsx";
import { PointageSettings } from "#app/features/settings/components/pointage-settings.tsx";
import { SettingsForm } from "#app/features/settings/components/settings-form.tsx";
import {
  allowanceRatesOn,
  allowanceRateVersionsList,
  officePosition,
  timeSheetSettings,
} from "#app/features/settings/pointage.server.ts";
import { answerAllowancesPost, answerPointagePost } from "#app/features/settings/pointage-actions.server.ts";
import { ALLOWANCES_INTENT, POINTAGE_INTENT } from "#app/features/settings/pointage-schema.ts";
import {
  CompanySettingsSchema,
  formValuesOf,
  REVISION_FIELD,
  SETTINGS_MESSAGES,
  type SettingsFormAnswer,
  settingsFormValues,
} from "#app/features/settings/schema.ts";
import {
  getCompanySettings,
  settingsActivity,
  updateCompanySettings,
} from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { complianceFacts } from "#app/lib/compliance.server.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { historyEntries } from "#app/lib/history-entries.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";
import type { Route } from "./+types/index";

/** Owners only: the route walk (tests/integration/erp-route-guard.test.ts) reads the permission. */
export const handle = { section: "Paramètres de l'entreprise", permission: "parametres" } satisfies ErpHandle;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The posted form, or why there is none. The server refuses other bodies before any
 * action runs (server/request-guards.ts); this says the same when the action is reached
 * some other way.
 */
async function readForm(
  request: Request,
): Promise<{ ok: true; form: FormData } | { ok: false; status: 400 | 415; message: string }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) {
    return {
      ok: false,
      status: 415,
      message: "Envoi refusé : cette page n'accepte que son formulaire.",
    };
  }
  const form = await request.formData().catch(() => null);
  return form
    ? { ok: true, form }
    : { ok: false, status: 400, message: "Le formulaire envoyé est illisible : rechargez la page." };
}

/** The revision posted with the form, or null. */
function postedRevision(form: FormData): number | null {
  const value = form.get(REVISION_FIELD);
  return typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const settings = await getCompanySettings(db);
  const events = await settingsActivity(db);
  const today = parisDay();
  const [pointage, office, versions, inForce] = await Promise.all([
    timeSheetSettings(db),
    officePosition(db),
    allowanceRateVersionsList(db),
    allowanceRatesOn(db, today),
  ]);
  return {
    values: formValuesOf(settings),
    pointage: {
      zoneOrigin: pointage.zoneOrigin,
      overtimeQuotaHours: pointage.overtimeQuotaMinutes / 60,
      office,
      officeAddress: fullAddress,
      versions,
      inForceFrom: inForce?.validFrom ?? null,
      today,
    },
    revision: settings.revision,
    compliance: await complianceFacts(db, today),
    today,
    registerEntries: await registerEntryCount(db),
    events: historyEntries(events),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const read = await readForm(request);
  if (read.ok && read.form.has("intent")) {
    // The Pointage forms carry an intent; the company form posts none.
    const post = {
      request,
      services: getServices(context),
      actor: { id: session.user.id, email: session.user.email },
    };
    const intent = read.form.get("intent");
    if (intent === POINTAGE_INTENT) return answerPointagePost(post, read.form);
    if (intent === ALLOWANCES_INTENT) return answerAllowancesPost(post, read.form);
    return refused(400, { message: "Action inconnue." });
  }
  if (!read.ok) {
    return data<SettingsFormAnswer>(
      { values: null, errors: {}, formErrors: [read.message] },
      { status: read.status },
    );
  }
  const values = settingsFormValues(read.form);
  const revision = postedRevision(read.form);
  const parsed = CompanySettingsSchema.safeParse(values);
  if (!parsed.success || revision === null) {
    const { fieldErrors, formErrors } = zodFieldErrors(parsed);
    return data<SettingsFormAnswer>(
      {
        values,
        errors: fieldErrors,
        formErrors: revision === null ? [...formErrors, SETTINGS_MESSAGES.revision] : formErrors,
      },
      { status: 400 },
    );
  }
  const result = await updateCompanySettings(
    getServices(context).db,
    { id: session.user.id, email: session.user.email },
    parsed.data,
    { expectedRevision: revision },
  );
  if (!result.ok) {
    const { conflict } = result;
    const who = conflict.updatedByEmail ? ` par ${conflict.updatedByEmail}` : "";
    return data<SettingsFormAnswer>(
      {
        values,
        errors: {},
        formErrors: [
          `Les paramètres ont été modifiés${who} le ${formatDateTime(conflict.updatedAt)}, après l'ouverture de cette page : rien n'a été enregistré. Les valeurs ci-dessous sont les vôtres ; vérifiez l'historique, puis enregistrez à nouveau.`,
        ],
        revision: conflict.revision,
      },
      { status: 409 },
    );
  }
  return redirectWithFlash(
    request,
    "/erp/parametres",
    result.changed.length > 0
      ? { tone: "success", message: "Paramètres enregistrés." }
      : { tone: "info", message: "Aucune modification : les paramètres sont inchangés." },
  );
}

export const meta: Route.MetaFunction = (args) => erpMeta("Paramètres de l'entreprise", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const identityFacts = [
  { label: "Raison sociale", value: company.legalName },
  {
    label: "Forme et capital",
    value: `${company.legalForm} au capital de ${formatCents(company.capitalEuros * 100)}`,
  },
  { label: "SIRET", value: company.siret },
  { label: "RCS", value: company.rcs },
  { label: "N° de TVA intracommunautaire", value: company.vatNumber },
  { label: "Adresse", value: fullAddress },
];

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  // The Pointage forms answer THE refusal ({ ok: false, intent… }); the company form, its own shape.
  const refusal = refusalOf(actionData);
  const answer = actionData && !("ok" in actionData) ? actionData : undefined;
  const values = answer?.values ?? loaderData.values;
  const revision = answer?.revision ?? loaderData.revision;
  return (
    <div className="grid max-w-4xl gap-5">
      <PageHeader
        title="Paramètres de l'entreprise"
        description="Ce que les devis et les factures impriment : assurance et RGE (lus dans le registre des documents), coordonnées bancaires, conditions de paiement ; le coût horaire des chantiers ; et les règles du pointage."
      />

      <Panel title="Identité sur les documents">
        <Facts facts={identityFacts} />
        <p className="mt-3 text-sm text-slate-700">
          Ces mentions sont fixées dans la configuration du site ; pour les changer, adressez-vous à son
          prestataire.
        </p>
      </Panel>

      <CompliancePanel facts={loaderData.compliance} today={loaderData.today} />

      <SettingsForm
        // A refused post shows again what was sent (the fields are uncontrolled); a save, the stored values.
        key={answer?.values ? `envoi-${JSON.stringify(answer.values)}` : `revision-${revision}`}
        values={values}
        errors={answer?.errors}
        formErrors={answer?.formErrors ?? (refusal && !refusal.intent ? [refusal.message] : undefined)}
        revision={revision}
      />

      <PointageSettings
        // Its own keys: siblings sharing one (« revision-1 ») kept the company form's old copy on screen.
        key={
          refusal?.values
            ? `pointage-envoi-${JSON.stringify(refusal.values)}`
            : `pointage-revision-${revision}`
        }
        settings={loaderData.pointage}
        refusal={refusal}
      />

      <Panel
        title="Registre d'intégrité"
        description="Chaque document émis et chaque paiement y est inscrit avec son empreinte, chaînée à la précédente : vérifiez à tout moment que rien n'a été modifié, et téléchargez-le pour votre comptable ou un contrôle."
        action={
          <Link to="/erp/parametres/registre" className="font-semibold text-brand-700 underline">
            Ouvrir le registre
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          {plural(loaderData.registerEntries, "entrée", "entrées")} à ce jour.
        </p>
      </Panel>

      <Panel title="Historique des modifications">
        <Timeline
          label="Historique des paramètres"
          entries={loaderData.events}
          formatAt={(at) => formatDateTime(at, "medium")}
        />
      </Panel>
    </div>
  );
}
