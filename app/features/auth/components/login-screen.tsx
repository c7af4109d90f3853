import { LockKeyhole } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { EmailField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { LOGIN_TEXTS, type LoginActionResult } from "../schema.ts";

/**
 * The sign-in screen of the Espace Pro (spec section 2), shown at /erp/login and in
 * place of any /erp page without a session. It posts to /erp/login, which sends the
 * browser back to `redirectTo` once signed in. Without JavaScript the form still
 * works and the page shows the errors inline (`serverResult`, the action's answer).
 */
export function LoginScreen({
  redirectTo,
  serverResult,
}: {
  redirectTo: string;
  serverResult?: LoginActionResult;
}) {
  const fetcher = useFetcher<LoginActionResult>();
  // Kept in state: a failed attempt must not make the person type their e-mail again.
  const [email, setEmail] = useState("");
  // Field messages from the script's attempt, or from a post made without JavaScript.
  const fieldErrors = (fetcher.data ?? serverResult)?.fieldErrors ?? {};
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
            <EmailField
              label={LOGIN_TEXTS.emailLabel}
              name="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              requiredMark={false}
              autoComplete="username"
              maxLength={254}
              errors={fieldErrors.email}
            />
            <TextField
              type="password"
              label={LOGIN_TEXTS.passwordLabel}
              name="password"
              required
              requiredMark={false}
              autoComplete="current-password"
              maxLength={128}
              errors={fieldErrors.password}
            />
            {/* A refusal posted without JavaScript (a script gets a toast); field messages sit under their field. */}
            <FormAlert
              title={LOGIN_TEXTS.failureTitle}
              errors={serverResult?.fieldErrors ? undefined : serverResult?.message}
            />
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
