import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { controlClass, labelClass } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import { isLineVatCode, type LibraryItem } from "../../editor-state.ts";

/*
 * « Depuis la bibliothèque »: a dialog that searches the price library as the staff type
 * (debounced, the previous request cancelled) and lists the articles as buttons; the
 * chosen one becomes a line of the lot (editor-state.ts `lineFromLibrary`).
 */

const DEBOUNCE_MS = 250;

type SearchState =
  | { state: "loading" }
  | { state: "done"; items: LibraryItem[] }
  | { state: "failed"; message: string };

function isItem(value: unknown): value is LibraryItem {
  if (!value || typeof value !== "object") return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === "string" &&
    typeof item.designation === "string" &&
    typeof item.description === "string" &&
    typeof item.unit === "string" &&
    Number.isSafeInteger(item.unitPriceHt) &&
    typeof item.vatCode === "string" &&
    Number.isSafeInteger(item.labourHours) &&
    Number.isSafeInteger(item.materialsCents)
  );
}

function searchUrl(libraryUrl: string, query: string): string {
  const separator = libraryUrl.includes("?") ? "&" : "?";
  return `${libraryUrl}${separator}q=${encodeURIComponent(query.trim())}`;
}

function LibrarySearch({
  libraryUrl,
  onChoose,
}: {
  libraryUrl: string;
  onChoose: (item: LibraryItem) => void;
}) {
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<SearchState>({ state: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    setSearch({ state: "loading" });
    const timer = window.setTimeout(
      async () => {
        try {
          const response = await fetch(searchUrl(libraryUrl, query), {
            signal: controller.signal,
            headers: { Accept: "application/json" },
          });
          if (!response.ok) throw new Error(String(response.status));
          const body: unknown = await response.json();
          const items = (body as { items?: unknown }).items;
          setSearch({ state: "done", items: Array.isArray(items) ? items.filter(isItem) : [] });
        } catch (error) {
          if (controller.signal.aborted) return;
          setSearch({
            state: "failed",
            message:
              error instanceof TypeError
                ? "La bibliothèque ne répond pas : vérifiez la connexion, puis réessayez."
                : "La recherche a échoué. Réessayez dans un instant.",
          });
        }
      },
      query === "" ? 0 : DEBOUNCE_MS,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [libraryUrl, query]);

  const status =
    search.state === "loading"
      ? "Recherche…"
      : search.state === "failed"
        ? search.message
        : search.items.length === 0
          ? query.trim()
            ? "Aucun article ne correspond à cette recherche."
            : "La bibliothèque ne contient encore aucun article."
          : search.items.length > 1
            ? `${search.items.length} articles`
            : "1 article";

  return (
    <div className="grid gap-3">
      <div>
        <label htmlFor={inputId} className={labelClass}>
          Rechercher un article
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 my-auto size-5 text-slate-600"
          />
          <input
            id={inputId}
            type="search"
            autoComplete="off"
            maxLength={100}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            placeholder="Désignation ou description"
            className={`${controlClass} pl-10`}
          />
        </div>
      </div>
      <p
        role="status"
        className={`text-sm ${search.state === "failed" ? "font-medium text-red-700" : "text-slate-700"}`}
      >
        {status}
      </p>
      {search.state === "done" && search.items.length > 0 ? (
        <ul className="grid max-h-[50vh] gap-2 overflow-y-auto">
          {search.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onChoose(item)}
                className="grid w-full gap-0.5 rounded-lg border border-slate-300 bg-white p-3 text-left hover:border-brand-700 hover:bg-brand-50"
              >
                <span className="font-semibold text-ink">{item.designation}</span>
                <span className="text-sm text-slate-700">
                  {formatCents(item.unitPriceHt)} HT / {item.unit}
                  {isLineVatCode(item.vatCode)
                    ? ` · TVA ${formatPercent(VAT_RATES[item.vatCode].basisPoints)}`
                    : ""}
                </span>
                {item.description ? (
                  <span className="line-clamp-2 text-sm text-slate-700">{item.description}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function LibraryDialog({
  open,
  lotName,
  libraryUrl,
  onChoose,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  lotName: string;
  libraryUrl: string;
  onChoose: (item: LibraryItem) => void;
  onOpenChange: (open: boolean) => void;
  /** Radix's event when the dialog gives the focus back; prevent it to focus the new line. */
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-900/60" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="font-heading text-xl font-bold text-brand-900">
              Ajouter depuis la bibliothèque
            </Dialog.Title>
            <Dialog.Close
              aria-label="Fermer"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-slate-800">
            L'article choisi devient une ligne du lot {lotName} (quantité 1), avec sa désignation, son prix et
            sa TVA, que vous pourrez modifier.
          </Dialog.Description>
          {open ? <LibrarySearch libraryUrl={libraryUrl} onChoose={onChoose} /> : null}
          <div className="flex justify-end">
            <Dialog.Close className={buttonClasses("ghost", "md")}>Annuler</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
