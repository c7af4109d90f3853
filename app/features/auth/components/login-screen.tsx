import { LockKeyhole } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { LOGIN_TEXTS, type LoginActionResult } from "../schema.ts";

const inputClass =
  "block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm " +
  "focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-1";

/**
 * The sign-in screen of the Espace Pro (spec section 2), shown at /erp/login and in
 * place of any /erp page without a session. It posts to /erp/login, which sends the
 * browser back to `redirectTo` once signed in. Without JavaScript the form still
 * works and the page shows the error inline (`serverError`).
 */
export function LoginScreen({ redirectTo, serverError }: { redirectTo: string; serverError?: string }) {
  const fetcher = useFetcher<LoginActionResult>();
  const emailId = useId();
  // Kept in state: a failed attempt must not make the person type their e-mail again.
  const [email, setEmail] = useState("");
  const passwordId = useId();
  const submitting = fetcher.state === "submitting";
  const loadingShell = fetcher.state === "loading";

  useEffect(() => {
    const result = fetcher.data;
    if (result && !result.ok) {
      toast({ title: LOGIN_TEXTS.failureTitle, description: result.message, variant: "destructive" });
    }
  }, [fetcher.data]);

  return (
    <div className="grid min-h-dvh place-items-center bg-sand px-4 py-10">
      <section
        aria-labelledby="erp-login-title"
        className="w-full max-w-md rounded-2xl border border-brand-100 bg-white p-6 shadow-xl sm:p-8"
      >
        <div className="mb-6 grid justify-items-center gap-2 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <h1 id="erp-login-title" className="text-2xl font-extrabold">
            {LOGIN_TEXTS.title}
          </h1>
          <p className="text-slate-700">{LOGIN_TEXTS.restricted}</p>
        </div>
        {loadingShell ? (
          <p role="status" className="py-8 text-center font-semibold text-brand-800">
            {LOGIN_TEXTS.loading}
          </p>
        ) : (
          <fetcher.Form method="post" action="/erp/login" className="grid gap-4">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <div>
              <label htmlFor={emailId} className="mb-1 block text-sm font-semibold text-brand-900">
                {LOGIN_TEXTS.emailLabel}
              </label>
              <input
                id={emailId}
                name="email"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                required
                autoComplete="username"
                inputMode="email"
                spellCheck={false}
                maxLength={254}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor={passwordId} className="mb-1 block text-sm font-semibold text-brand-900">
                {LOGIN_TEXTS.passwordLabel}
              </label>
              <input
                id={passwordId}
                name="password"
                type="password"
                required
                autoComplete="current-password"
                maxLength={128}
                className={inputClass}
              />
            </div>
            {serverError ? (
              <p
                role="alert"
                className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
              >
                <strong>{LOGIN_TEXTS.failureTitle}</strong> — {serverError}
              </p>
            ) : null}
            <Button
              type="submit"
              variant="secondary"
              size="lg"
              disabled={submitting}
              aria-disabled={submitting}
            >
              {submitting ? LOGIN_TEXTS.submitting : LOGIN_TEXTS.submit}
            </Button>
            <details className="text-sm">
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline">
                {LOGIN_TEXTS.forgotten}
              </summary>
              <p role="status" className="mt-2 rounded-lg bg-brand-50 p-3 text-brand-900">
                {LOGIN_TEXTS.forgottenNotice} {LOGIN_TEXTS.forgottenMeanwhile}
              </p>
            </details>
          </fetcher.Form>
        )}
      </section>
    </div>
  );
}

/** While the Espace Pro checks the session (client-side navigations). */
export function ErpLoading() {
  return (
    <p role="status" className="grid min-h-dvh place-items-center font-semibold text-brand-800">
      {LOGIN_TEXTS.loading}
    </p>
  );
}
