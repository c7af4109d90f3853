import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { EmptyState } from "#app/components/data/empty-state.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { panelClass } from "#app/components/ui/panel.tsx";
import { ClientKindBadge } from "./client-badges.tsx";

/*
 * The client of a new document (« Nouveau devis », « Nouvelle facture »): a search of the
 * register (GET q), then one button per client posting its id to the page's action.
 */

export type PickableClient = {
  id: string;
  name: string;
  kind: "particulier" | "entreprise";
  town: string | null;
};

type ClientPickerProps = {
  heading: string;
  clients: readonly PickableClient[];
  q: string;
  /** The button of each client: « Faire un devis », « Facturer ». */
  actionLabel: string;
  /** What to do when no client matches (after « Aucun client… »). */
  empty: ReactNode;
};

/**
 * The page of a new document: its header with « Nouveau client », the refusal of the last
 * post (no client chosen, a client gone) and the picker.
 */
export function NewDocumentForClient({
  title,
  description,
  refusal,
  ...picker
}: ClientPickerProps & { title: string; description: string; refusal: string | undefined }) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={<NewLink to="/erp/clients/nouveau">Nouveau client</NewLink>}
      />
      {refusal ? <FormAlert errors={[refusal]} /> : null}
      <ClientPicker {...picker} />
    </>
  );
}

export function ClientPicker({ heading, clients, q, actionLabel, empty }: ClientPickerProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <section className={panelClass} aria-labelledby="choisir-client">
      <h2 id="choisir-client" className="text-lg font-bold text-brand-900">
        {heading}
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2" role="search">
        <label className="grid flex-1 gap-1 text-sm font-semibold text-slate-800" htmlFor="recherche-client">
          Rechercher un client (nom, e-mail, téléphone, commune)
          <input
            id="recherche-client"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            className="min-h-11 rounded-lg border border-slate-400 px-3 text-base font-normal"
          />
        </label>
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Rechercher
        </button>
      </Form>
      {clients.length === 0 ? (
        <div className="mt-4">
          <EmptyState>
            <p>
              {q ? "Aucun client ne correspond à cette recherche." : "Aucun client enregistré."} {empty}
            </p>
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-4 grid gap-2" aria-label={q ? "Clients trouvés" : "Clients les plus récents"}>
          {clients.map((client) => (
            <li
              key={client.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
            >
              <div className="grid gap-1">
                <span className="font-semibold text-brand-900">{client.name}</span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <ClientKindBadge kind={client.kind} />
                  {client.town ?? null}
                </span>
              </div>
              <Form method="post">
                <input type="hidden" name="clientId" value={client.id} />
                <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
                  {actionLabel}
                  <span className="sr-only"> pour {client.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
