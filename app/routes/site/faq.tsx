import { Link, useRevalidator } from "react-router";
import { QuestionAccordion } from "#app/components/ui/accordion.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { listFaq } from "#app/features/faq/faq.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { jsonLd, pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/faq";

export const FAQ_LOADING_TEXT = "Chargement des questions...";
export const FAQ_ERROR_TEXT = "Impossible de charger les questions. Veuillez réessayer plus tard.";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getServices(context);
  try {
    return { status: "loaded" as const, questions: await listFaq(db) };
  } catch (error) {
    logger.error({ err: error }, "FAQ: lecture impossible");
    return { status: "error" as const, questions: [] };
  }
}

export function headers() {
  return { "Cache-Control": "public, max-age=0, must-revalidate" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tags = seo({
    title: pageTitle("Questions fréquentes"),
    description:
      "Délais, devis gratuit, garantie décennale, aides RGE, zone d'intervention : les réponses à vos questions sur vos travaux à Toulon et dans le Var.",
    path: "/faq",
    siteUrl: siteUrlFrom(matches),
  });
  if (loaderData?.status === "loaded" && loaderData.questions.length > 0) {
    tags.push(
      jsonLd({
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: loaderData.questions.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      }),
    );
  }
  return tags;
};

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const loading = revalidator.state === "loading";
  return (
    <div className="container-page max-w-3xl pt-28 pb-16 lg:pt-32">
      <h1 className="text-3xl font-extrabold sm:text-4xl">Questions fréquentes</h1>
      <p className="mt-3 text-lg text-slate-700">
        Les questions que nos clients nous posent le plus souvent avant de lancer leurs travaux.
      </p>
      <div className="mt-8" aria-live="polite" aria-busy={loading}>
        {loading ? (
          <p className="text-slate-700">{FAQ_LOADING_TEXT}</p>
        ) : loaderData.status === "error" ? (
          <div className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5">
            <p className="font-semibold text-red-800">{FAQ_ERROR_TEXT}</p>
            <Button variant="outline" onClick={() => revalidator.revalidate()}>
              Réessayer
            </Button>
          </div>
        ) : loaderData.questions.length === 0 ? (
          <p>Aucune question n'est publiée pour le moment.</p>
        ) : (
          <QuestionAccordion
            headingLevel={2}
            items={loaderData.questions.map((item) => ({
              id: String(item.id),
              question: item.question,
              answer: item.answer,
            }))}
          />
        )}
      </div>
      <p className="mt-10 rounded-xl bg-sand p-5">
        Vous ne trouvez pas votre réponse ?{" "}
        <Link to="/contact" className="font-semibold text-brand-700 underline">
          Contactez-nous
        </Link>
        , nous vous répondons rapidement.
      </p>
    </div>
  );
}
