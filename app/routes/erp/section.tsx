import { data } from "react-router";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ComingSoon } from "#app/features/erp/components/coming-soon.tsx";
import { type ErpHandle, erpMeta } from "#app/features/erp/navigation.ts";
import type { Route } from "./+types/section";

/** The Espace Pro sections that later issues build, and what each will hold. */
const SECTIONS: Record<string, { title: string; holds: string[] }> = {
  docs: {
    title: "Documents",
    holds: [
      "les attestations d'assurance (décennale, responsabilité civile) et la certification RGE ;",
      "les contrats, plans et procès-verbaux de réception de chantier ;",
      "les modèles de documents de l'entreprise.",
    ],
  },
};

function sectionKey(request: Request): string {
  // A client navigation asks for "/erp/docs.data".
  return new URL(request.url).pathname
    .replace(/\.data$/, "")
    .replace(/^\/erp\//, "")
    .replace(/\/$/, "");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const section = SECTIONS[sectionKey(request)];
  if (!section) throw data({ message: "Cette section n'existe pas." }, { status: 404 });
  return { ...section, section: section.title };
}

export const meta: Route.MetaFunction = (args) => erpMeta(args.loaderData?.title ?? "", args);

/** The section's name comes from the loader (one module serves the sections to come). */
export const handle = { section: "", permission: "session" } satisfies ErpHandle;

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function SectionPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.title} holds={loaderData.holds} />;
}
