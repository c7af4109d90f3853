import { useEffect, useId, useRef } from "react";
import { data, useFetcher } from "react-router";
import { EmailField, SelectField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { invalid, refused } from "#app/components/forms/refusal.server.ts";
import type { Refusal } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import {
  AccountError,
  createStaffAccount,
  endAccountSessions,
  listStaffAccounts,
  resetAccountPassword,
  setAccountDisabled,
} from "#app/features/auth/accounts.server.ts";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PasswordSchema,
  ROLE_LABELS,
  StaffAccountSchema,
} from "#app/features/auth/schema.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { type ErpHandle, erpMeta } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { z } from "#app/lib/zod.ts";
import type { Route } from "./+types/index";

/**
 * A refusal names its form (`intent`, and the account for the per-account forms), so
 * that a post made without JavaScript shows its messages in that form only.
 */
type ActionResult = { ok: true; message: string } | Refusal<{ userId?: string }>;

const NewPasswordSchema = z.object({ password: PasswordSchema });

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requirePermission(request, context, handle.permission);
  return { accounts: await listStaffAccounts(getServices(context)), me: session.user.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const services = getServices(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const userId = String(form.get("userId") ?? "");
  try {
    switch (intent) {
      case "creer": {
        const input = {
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
          role: String(form.get("role") ?? ""),
          name: String(form.get("name") ?? ""),
        };
        const parsed = StaffAccountSchema.safeParse(input);
        if (!parsed.success) return invalid<{ userId?: string }>(intent, parsed);
        const account = await createStaffAccount(services, input);
        return data<ActionResult>({ ok: true, message: `Compte créé pour ${account.email}.` });
      }
      case "desactiver":
        await setAccountDisabled(services, session.user.id, userId, true);
        return data<ActionResult>({ ok: true, message: "Compte désactivé ; ses sessions sont fermées." });
      case "reactiver":
        await setAccountDisabled(services, session.user.id, userId, false);
        return data<ActionResult>({ ok: true, message: "Compte réactivé." });
      case "sessions": {
        const ended = await endAccountSessions(services, userId);
        return data<ActionResult>({
          ok: true,
          message:
            ended === 0
              ? "Aucune session ouverte."
              : `${ended} session${ended > 1 ? "s" : ""} fermée${ended > 1 ? "s" : ""}.`,
        });
      }
      case "mot-de-passe": {
        const parsed = NewPasswordSchema.safeParse({ password: String(form.get("password") ?? "") });
        if (!parsed.success) return invalid<{ userId?: string }>(intent, parsed, { userId });
        await resetAccountPassword(services, userId, parsed.data.password);
        return data<ActionResult>({
          ok: true,
          message: "Mot de passe réinitialisé ; les sessions du compte sont fermées.",
        });
      }
      default:
        return refused(400, { message: "Action inconnue." });
    }
  } catch (error) {
    if (error instanceof AccountError) {
      return refused<{ userId?: string }>(error.status, {
        message: error.message,
        intent,
        userId: userId || undefined,
      });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => erpMeta("Comptes de l'équipe", args);

/** Owners only (the route walk test reads `ownerOnly`). */
export const handle = { section: "Comptes de l'équipe", permission: "comptes" } satisfies ErpHandle;

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

function useResultToast(fetcher: { state: string; data?: ActionResult }, onSuccess?: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per finished submission
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast({ title: fetcher.data.message });
      onSuccess?.();
    } else {
      toast({ title: "Action impossible", description: fetcher.data.message, variant: "destructive" });
    }
  }, [fetcher.state, fetcher.data]);
}

type AccountRefusal = Extract<ActionResult, { ok: false }>;

/** The refusal a form shows: its script's answer, or else the page's answer to a post made without JavaScript. */
function refusalFor(
  fetched: ActionResult | undefined,
  serverResult: ActionResult | undefined,
  matches: (refusal: AccountRefusal) => boolean,
): AccountRefusal | undefined {
  if (fetched) return fetched.ok ? undefined : fetched;
  return serverResult && !serverResult.ok && matches(serverResult) ? serverResult : undefined;
}

const formMessage = (refusal: AccountRefusal | undefined) =>
  refusal && Object.keys(refusal.fieldErrors ?? {}).length === 0 ? refusal.message : undefined;

function CreateAccount({ serverResult }: { serverResult?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  useResultToast(fetcher, () => formRef.current?.reset());
  const id = useId();
  const refusal = refusalFor(fetcher.data, serverResult, (result) => result.intent === "creer");
  const errors = refusal?.fieldErrors ?? {};
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <input type="hidden" name="intent" value="creer" />
      <TextField
        id={`${id}-name`}
        name="name"
        label="Nom (planning, historique)"
        maxLength={120}
        autoComplete="off"
        hint="Prénom et nom : c'est ce que le planning affiche. Vide : le début de l'e-mail."
        errors={errors.name}
      />
      <EmailField
        id={`${id}-email`}
        name="email"
        label="E-mail"
        required
        requiredMark={false}
        maxLength={254}
        autoComplete="off"
        errors={errors.email}
      />
      <TextField
        type="password"
        id={`${id}-password`}
        name="password"
        label={`Mot de passe (${PASSWORD_MIN_LENGTH} caractères minimum)`}
        required
        requiredMark={false}
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        errors={errors.password}
      />
      <SelectField
        id={`${id}-role`}
        name="role"
        label="Rôle"
        defaultValue="staff"
        options={[
          { value: "staff", label: ROLE_LABELS.staff },
          { value: "owner", label: `${ROLE_LABELS.owner} (gère aussi les comptes)` },
          {
            value: "compagnon",
            label: `${ROLE_LABELS.compagnon} (sur les chantiers : ses chantiers et leur journal seulement)`,
          },
        ]}
        errors={errors.role}
      />
      <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClasses("secondary", "md")}>
        Créer le compte
      </button>
      <FormAlert errors={formMessage(refusal)} className="sm:col-span-2 lg:col-span-4" />
    </fetcher.Form>
  );
}

function AccountActions({
  account,
  me,
  serverResult,
}: {
  account: Route.ComponentProps["loaderData"]["accounts"][number];
  me: string;
  serverResult?: ActionResult;
}) {
  const fetcher = useFetcher<ActionResult>();
  const resetRef = useRef<HTMLFormElement>(null);
  useResultToast(fetcher, () => resetRef.current?.reset());
  const busy = fetcher.state !== "idle";
  const id = useId();
  const refusal = refusalFor(fetcher.data, serverResult, (result) => result.userId === account.id);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {account.id !== me ? (
          <fetcher.Form method="post">
            <input type="hidden" name="userId" value={account.id} />
            <input type="hidden" name="intent" value={account.disabled ? "reactiver" : "desactiver"} />
            <button
              type="submit"
              disabled={busy}
              className={buttonClasses(account.disabled ? "outline" : "destructive", "md")}
            >
              {account.disabled ? "Réactiver" : "Désactiver"}
              <span className="sr-only"> le compte {account.email}</span>
            </button>
          </fetcher.Form>
        ) : null}
        <fetcher.Form method="post">
          <input type="hidden" name="userId" value={account.id} />
          <input type="hidden" name="intent" value="sessions" />
          <button type="submit" disabled={busy} className={buttonClasses("outline", "md")}>
            Fermer toutes les sessions
            <span className="sr-only"> de {account.email}</span>
          </button>
        </fetcher.Form>
      </div>
      <details open={refusal?.intent === "mot-de-passe" || undefined}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700 underline">
          Réinitialiser le mot de passe<span className="sr-only"> de {account.email}</span>
        </summary>
        <fetcher.Form ref={resetRef} method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="userId" value={account.id} />
          <input type="hidden" name="intent" value="mot-de-passe" />
          <TextField
            type="password"
            id={`${id}-new`}
            name="password"
            label="Nouveau mot de passe"
            required
            requiredMark={false}
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            errors={refusal?.intent === "mot-de-passe" ? refusal.fieldErrors?.password : undefined}
          />
          <button type="submit" disabled={busy} className={buttonClasses("outline", "md")}>
            Enregistrer
          </button>
        </fetcher.Form>
      </details>
      <FormAlert errors={formMessage(refusal)} />
    </div>
  );
}

export default function AccountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, me } = loaderData;
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Comptes de l'équipe</h1>
      <section aria-labelledby="new-account-title" className={panelClass}>
        <h2 id="new-account-title" className="mb-3 text-lg font-bold">
          Nouveau compte
        </h2>
        <CreateAccount serverResult={actionData} />
      </section>
      <section aria-labelledby="accounts-title" className={panelClass}>
        <h2 id="accounts-title" className="text-lg font-bold">
          Comptes ({accounts.length})
        </h2>
        <ul className="mt-3 divide-y divide-slate-200">
          {accounts.map((account) => (
            <li key={account.id} className="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
              <div className="min-w-0">
                <p className="font-semibold break-all text-brand-900">
                  {account.email}
                  {account.id === me ? <span className="font-normal text-slate-700"> (vous)</span> : null}
                </p>
                <p className="text-sm text-slate-700">
                  {ROLE_LABELS[account.role]} ·{" "}
                  {account.disabled ? (
                    <span className="font-semibold text-red-800">Désactivé</span>
                  ) : (
                    <span className="font-semibold text-green-800">Actif</span>
                  )}{" "}
                  · {account.activeSessions} session{account.activeSessions > 1 ? "s" : ""} ouverte
                  {account.activeSessions > 1 ? "s" : ""} · créé le{" "}
                  {formatDateTime(account.createdAt, "medium")}
                </p>
              </div>
              <AccountActions account={account} me={me} serverResult={actionData} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
