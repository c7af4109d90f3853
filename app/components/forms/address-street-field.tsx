import { type ComponentProps, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import {
  ADDRESS_QUERY_MIN,
  type AddressCompletionAnswer,
  type AddressSuggestion,
} from "#app/lib/address-search.ts";
import { TextField } from "./field.tsx";

/*
 * The « Numéro et rue » field of an address, with suggestions from the State's address
 * service (GET /erp/adresse-completion) as the staff type: a combobox (ARIA 1.2 pattern:
 * the input keeps the focus, ↓/↑ move among the suggestions, Entrée picks one, Échap
 * closes), and picking one fills the street, the postcode and the town fields of the same
 * address. Without JavaScript, or when the service does not answer, it is a plain field
 * (the page says so once) and what is typed is kept as it is.
 */

const ENDPOINT = "/erp/adresse-completion";
const DELAY_MS = 250;

export const ADDRESS_SERVICE_DOWN =
  "Suggestions d'adresses indisponibles pour le moment : saisissez l'adresse à la main.";

type Props = ComponentProps<typeof TextField> & {
  id: string;
  /** The ids of the same address's postcode and town inputs, filled when a suggestion is picked. */
  postalCodeId: string;
  cityId: string;
  /** For fields whose values React holds (`value`/`onChange`): the suggestion picked, to set them. */
  onPick?: (suggestion: AddressSuggestion) => void;
};

export function AddressStreetField({ postalCodeId, cityId, onPick, ...field }: Props) {
  const listId = `${useId()}-suggestions`;
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState("");
  // Set in the browser only: the server renders a plain field.
  const [ready, setReady] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => {
    setReady(true);
    return () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    };
  }, []);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function ask(text: string) {
    clearTimeout(timer.current);
    pending.current?.abort();
    if (text.trim().length < ADDRESS_QUERY_MIN) {
      setSuggestions([]);
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      pending.current = controller;
      try {
        const response = await fetch(`${ENDPOINT}?q=${encodeURIComponent(text.trim())}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        const answer = (await response.json()) as AddressCompletionAnswer;
        if (!answer.ok) {
          if (response.ok) setStatus(ADDRESS_SERVICE_DOWN);
          setSuggestions([]);
          close();
          return;
        }
        setSuggestions(answer.suggestions);
        setActive(-1);
        setOpen(answer.suggestions.length > 0);
        setStatus(
          answer.suggestions.length === 0
            ? "Aucune adresse suggérée."
            : `${answer.suggestions.length} adresse${answer.suggestions.length > 1 ? "s" : ""} suggérée${answer.suggestions.length > 1 ? "s" : ""} : flèche bas pour choisir.`,
        );
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        setStatus(ADDRESS_SERVICE_DOWN);
        setSuggestions([]);
        close();
      }
    }, DELAY_MS);
  }

  function pick(suggestion: AddressSuggestion, input: HTMLInputElement) {
    if (onPick) {
      onPick(suggestion);
    } else {
      input.value = suggestion.street || suggestion.label;
      const postalCode = document.getElementById(postalCodeId);
      const city = document.getElementById(cityId);
      if (postalCode instanceof HTMLInputElement && suggestion.postalCode)
        postalCode.value = suggestion.postalCode;
      if (city instanceof HTMLInputElement && suggestion.city) city.value = suggestion.city;
    }
    setStatus(`Adresse choisie : ${suggestion.label}.`);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open || suggestions.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen) pick(chosen, event.currentTarget);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  }

  const combobox = ready
    ? {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": open,
        "aria-controls": listId,
        "aria-activedescendant": open && active >= 0 ? `${listId}-${active}` : undefined,
        onInput: (event: React.FormEvent<HTMLInputElement>) => ask(event.currentTarget.value),
        onKeyDown,
        onBlur: () => setTimeout(close, 150),
      }
    : {};

  return (
    <div className="relative">
      <TextField
        autoComplete="off"
        {...field}
        {...combobox}
        after={
          <>
            {field.after}
            <div
              id={listId}
              role="listbox"
              aria-label="Adresses suggérées"
              hidden={!open}
              className="absolute inset-x-0 z-20 mt-1 grid max-h-64 overflow-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
            >
              {suggestions.map((suggestion, index) => (
                <div
                  key={suggestion.label}
                  id={`${listId}-${index}`}
                  role="option"
                  // Reached by the field's arrows (aria-activedescendant), never by Tab.
                  tabIndex={-1}
                  aria-selected={index === active}
                  className="cursor-pointer px-3 py-2 text-sm aria-selected:bg-brand-50 aria-selected:font-semibold"
                  onMouseDown={(event) => {
                    // Keep the focus in the field; pick on press, before the field's blur closes the list.
                    event.preventDefault();
                    const input = document.getElementById(field.id);
                    if (input instanceof HTMLInputElement) pick(suggestion, input);
                  }}
                >
                  {suggestion.label}
                </div>
              ))}
            </div>
            <p className="sr-only" aria-live="polite">
              {status}
            </p>
            {status === ADDRESS_SERVICE_DOWN ? <p className="mt-1 text-sm text-slate-700">{status}</p> : null}
          </>
        }
      />
    </div>
  );
}
