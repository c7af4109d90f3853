import { Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { type ErpHandle, erpMeta } from "#app/features/erp/navigation.ts";
import {
  RegisterCheck,
  RegisterContents,
  RegisterLatest,
} from "#app/features/integrity-register/components/integrity-register.tsx";
import { checkResult, registerOverview } from "#app/features/integrity-register/register.server.ts";
import { IntegrityPostSchema } from "#app/features/integrity-register/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { parseIntent } from "#app/lib/form-intent.ts";
import { verifyRegister } from "#app/lib/integrity/verify.server.ts";
import type { Route } from "./+types/registre";

/*
 * /erp/parametres/registre — the integrity register: what it holds, « Vérifier
 * maintenant », the latest entries and the CSV download. Owners only, as the settings.
 */

export const handle = {
  section: "Paramètres de l'entreprise",
  sectionHref: "/erp/parametres",
  permission: "parametres",
} satisfies ErpHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return { overview: await registerOverview(getServices(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, handle.permission);
  const parsed = parseIntent(IntegrityPostSchema, await request.formData());
  if (!parsed.ok) return refused(400, { intent: parsed.intent, message: "Action inconnue." });
  const services = getServices(context);
  const report = await verifyRegister(services);
  if (!report.ok) {
    services.logger.warn({ problems: report.problems.length }, "registre d'intégrité : anomalies trouvées");
  }
  return { ok: true as const, check: checkResult(report) };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Registre d'intégrité", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function IntegrityRegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const check = actionData?.ok ? actionData.check : null;
  return (
    <div className="grid max-w-4xl gap-5">
      <PageHeader
        title="Registre d'intégrité"
        description="La preuve que les documents émis n'ont pas été modifiés depuis leur émission : ce que demande l'administration fiscale pour la piste d'audit des factures."
        actions={
          <Link to="/erp/parametres" className="text-sm font-semibold text-brand-700 underline">
            Retour aux paramètres
          </Link>
        }
      />
      <RegisterCheck result={check} checking={navigation.state === "submitting"} />
      <RegisterContents overview={loaderData.overview} />
      <RegisterLatest rows={loaderData.overview.latest} />
    </div>
  );
}
