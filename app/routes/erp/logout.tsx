import { data, Link, redirect } from "react-router";
import { LOGIN_TEXTS } from "#app/features/auth/schema.ts";
import { signOutStaff } from "#app/features/auth/session.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/logout";

// Sign-out is the one Espace Pro action that needs no session: it ends whichever
// session the browser holds (or none) and reads or changes nothing else.

export const meta: Route.MetaFunction = () => [
  { title: "Déconnexion | Espace Pro" },
  { name: "robots", content: "noindex, nofollow" },
];

export function loader() {
  throw redirect("/erp");
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const cookies = await signOutStaff(request, context);
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return data({ ok: true as const }, { headers });
  } catch (error) {
    getServices(context).logger.error({ err: error }, "déconnexion impossible");
    return data({ ok: false as const, message: LOGIN_TEXTS.genericError }, { status: 503 });
  }
}

/** The server cannot be reached: the Déconnexion button says so (spec: « Échec de la déconnexion »). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { ok: false as const, message: LOGIN_TEXTS.genericError };
    throw error;
  }
}

/** Shown only without JavaScript (the Déconnexion button reloads /erp itself). */
export default function LogoutPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid min-h-dvh max-w-md content-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">
        {actionData?.ok === false ? LOGIN_TEXTS.signOutFailureTitle : "Vous êtes déconnecté."}
      </h1>
      {actionData?.ok === false ? <p>{actionData.message}</p> : null}
      <p>
        <Link to="/erp" reloadDocument className="font-semibold text-brand-700 underline">
          Revenir à l'Espace Pro
        </Link>
      </p>
    </section>
  );
}
