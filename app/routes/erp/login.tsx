import { data, redirect } from "react-router";
import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { LoginScreen } from "#app/features/auth/components/login-screen.tsx";
import {
  LOGIN_TEXTS,
  type LoginActionResult,
  LoginSchema,
  safeErpRedirect,
  tooManyAttemptsMessage,
} from "#app/features/auth/schema.ts";
import { getStaffSession, signInStaff } from "#app/features/auth/session.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { hasStaffHint, STAFF_HINT_COOKIE } from "#app/lib/staff-hint.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: LOGIN_TEXTS.title },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });
  // A slowed-down attempt tells the browser (and scripts) when to come back.
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** Signed in already: straight to the Espace Pro. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeErpRedirect(url.searchParams.get("redirectTo"), getServices(context).env.SITE_URL);
  const session = await getStaffSession(request, context);
  if (session) throw redirect(redirectTo);
  // A hint left by an expired session would point the public header at /erp.
  const headers = hasStaffHint(request.headers.get("cookie"))
    ? { "Set-Cookie": `${STAFF_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0` }
    : undefined;
  return data({ redirectTo }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const redirectTo = safeErpRedirect(String(form.get("redirectTo") ?? ""), getServices(context).env.SITE_URL);
  const parsed = LoginSchema.safeParse({
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
  });
  if (!parsed.success) {
    const { fieldErrors, firstMessage } = zodFieldErrors(parsed);
    return data<LoginActionResult>(
      { ok: false, reason: "input", message: firstMessage ?? LOGIN_TEXTS.failure, fieldErrors },
      { status: 400 },
    );
  }
  const result = await signInStaff(request, context, parsed.data);
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    throw redirect(redirectTo, { headers });
  }
  if (result.reason === "rate-limited") {
    return data<LoginActionResult>(
      { ok: false, reason: "rate-limited", message: tooManyAttemptsMessage(result.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<LoginActionResult>(
    { ok: false, reason: "invalid", message: LOGIN_TEXTS.failure },
    { status: 401 },
  );
}

/** The server cannot be reached: a failure toast rather than the error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<LoginActionResult> {
  try {
    return (await serverAction()) as LoginActionResult;
  } catch (error) {
    if (error instanceof TypeError) {
      return { ok: false, reason: "input", message: "Connexion au serveur impossible. Veuillez réessayer." };
    }
    throw error;
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginScreen redirectTo={loaderData.redirectTo} serverResult={actionData} />;
}
