import { Ban, Copy, Link2 } from "lucide-react";
import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { DateField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/ui/action-form.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmedPost } from "#app/components/ui/confirmed-post.tsx";
import { addDays, formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import { SHARE_LINK_INTENTS, SHARE_LINK_STATE_LABELS, type ShareLinkState } from "../share-links.ts";

/*
 * The share links of a page (the company's attestations, a site's handover file): the one
 * just made, its URL shown once with « Copier », the form « Créer un lien », and the links
 * made so far with their state, openings and « Révoquer » (asked first).
 */

export type ShareLinkRow = {
  id: string;
  label: string;
  expiresOn: string;
  revokedAt: Date | string | null;
  revokedByEmail: string | null;
  lastOpenedAt: Date | string | null;
  openCount: number;
  createdAt: Date | string;
  createdByEmail: string | null;
  state: ShareLinkState;
};

const STATE_TONES: Record<ShareLinkState, string> = {
  actif: "border-green-300 bg-green-50 text-green-950",
  expire: "border-amber-300 bg-amber-50 text-amber-950",
  revoque: "border-slate-300 bg-slate-100 text-slate-900",
};

export function CreatedLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div
      role="status"
      className="grid gap-2 rounded-xl border border-green-300 bg-green-50 p-4 text-green-950"
    >
      <p className="font-semibold">
        Lien créé. Copiez-le maintenant : il ne sera plus affiché (seule son empreinte est conservée).
      </p>
      <label htmlFor={id} className="text-sm font-semibold">
        Adresse du lien
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={url}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className={buttonClasses("secondary", "md")}
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          <Copy aria-hidden="true" className="size-4" />
          {copied ? "Copié" : "Copier"}
        </button>
      </div>
    </div>
  );
}

export function CreateLinkForm({
  defaultExpiry,
  maxExpiry,
  today,
  errors,
  values,
  labelHint,
}: {
  defaultExpiry: string;
  maxExpiry: string;
  today: string;
  errors: Record<string, string[] | undefined>;
  values: Record<string, string>;
  labelHint: string;
}) {
  const navigation = useNavigation();
  const posting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === SHARE_LINK_INTENTS.create;
  return (
    <Form method="post" noValidate className="grid gap-4" aria-label="Créer un lien de partage">
      <input type="hidden" name="intent" value={SHARE_LINK_INTENTS.create} />
      <TextField
        label="Pour qui"
        hint={labelHint}
        name="label"
        required
        maxLength={200}
        defaultValue={values.label ?? ""}
        errors={errors.label}
      />
      <DateField
        label="Valable jusqu'au"
        hint="Un an au plus. Le lien ne s'ouvre plus le lendemain."
        name="expiresOn"
        required
        min={today}
        max={maxExpiry}
        defaultValue={values.expiresOn ?? defaultExpiry}
        errors={errors.expiresOn}
      />
      <SubmitButton icon={Link2} label="Créer le lien" busyLabel="Création…" busy={posting} />
    </Form>
  );
}

function RevokeButton({ link }: { link: ShareLinkRow }) {
  return (
    <ConfirmedPost
      intent={SHARE_LINK_INTENTS.revoke}
      fields={{ linkId: link.id }}
      variant="outline"
      icon={Ban}
      label={
        <>
          Révoquer<span className="sr-only"> le lien « {link.label} »</span>
        </>
      }
      title="Révoquer ce lien ?"
      description={`Le lien « ${link.label} » ne s'ouvrira plus : la personne qui l'a reçu verra qu'il n'est plus valable.`}
      confirmLabel="Révoquer le lien"
      pendingLabel="Révocation…"
    />
  );
}

export function ShareLinkList({ links, caption }: { links: ShareLinkRow[]; caption: string }) {
  if (links.length === 0) return <p className="text-slate-700">Aucun lien créé pour le moment.</p>;
  return (
    <ul className="grid gap-3" aria-label={caption}>
      {links.map((link) => (
        <li
          key={link.id}
          className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto]"
        >
          <div className="grid min-w-0 gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold break-words">{link.label}</span>
              <span
                className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${STATE_TONES[link.state]}`}
              >
                {SHARE_LINK_STATE_LABELS[link.state]}
              </span>
            </p>
            <p className="text-sm text-slate-700">
              {link.state === "revoque" && link.revokedAt
                ? `Révoqué le ${formatDateTime(new Date(link.revokedAt))}${link.revokedByEmail ? ` par ${link.revokedByEmail}` : ""}`
                : `${link.state === "expire" ? "Expiré depuis le" : "Valable jusqu'au"} ${formatDate(link.state === "expire" ? addDays(link.expiresOn, 1) : link.expiresOn)}`}
              {" · "}
              Créé le {formatDate(new Date(link.createdAt))}
              {link.createdByEmail ? ` par ${link.createdByEmail}` : ""}
              {" · "}
              {link.openCount === 0
                ? "Jamais ouvert"
                : `Ouvert ${link.openCount} fois, dernière le ${formatDateTime(new Date(link.lastOpenedAt ?? link.createdAt))}`}
            </p>
          </div>
          {link.state === "actif" ? <RevokeButton link={link} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function ShareLinkFormAlert({ message }: { message: string | null }) {
  return <FormAlert focus title="Action impossible" errors={message ? [message] : []} />;
}
