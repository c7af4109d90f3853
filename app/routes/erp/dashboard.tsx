import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Espace Pro - Connexion" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Page() {
  return (
    <section className="mx-auto grid min-h-dvh max-w-md content-center gap-4 p-6">
      <h1 className="text-2xl font-bold">Espace Pro - Connexion</h1>
      <p>Accès réservé</p>
    </section>
  );
}
