import { Plus, Save } from "lucide-react";
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { type BlockerFunction, Form, useBlocker, useNavigation } from "react-router";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { type Cents, formatCents } from "#app/lib/money.ts";
import { MAX_LINES, MAX_LOTS, newLineId, type QuoteDraftInput } from "../content.ts";
import {
  draftToContentLenient,
  type EditorErrors,
  editorReducer,
  indexErrors,
  initEditorState,
  type LibraryItem,
  lineCount,
  lotName,
  SAVE_INTENT,
} from "../editor-state.ts";
import { quoteMentions } from "../mentions.ts";
import { type QuoteTotalsResult, tryQuoteTotals } from "../totals.ts";
import { LibraryDialog } from "./quote-editor/library-dialog.tsx";
import { LotSection } from "./quote-editor/lot-section.tsx";
import { DiscountTravelSection, HeaderSection, TermsSection } from "./quote-editor/sections.tsx";
import { type Act, focusFirst, ids, sectionTitleClass } from "./quote-editor/shared.tsx";
import { MarginPanel, MentionsPanel, TotalsPanel } from "./quote-editor/totals-panel.tsx";

/*
 * The quote editor (Espace Pro › Devis): the header, the lots and their lines, the
 * discount, travel costs and terms, with the totals, the margin and the mentions shown
 * live. The draft lives here, in a reducer (../editor-state.ts), as the text the staff
 * typed; « Enregistrer » (or Ctrl/Cmd+S) posts it whole as JSON (`draft`) with the
 * `revision` it started from, and the route's action parses it with `QuoteDraftSchema`.
 *
 * A refused save loses nothing: the state is never reset from the props, only the
 * « unsaved » baseline moves when `revision` changes (a save went through). The server's
 * messages are placed on the lines by id (`indexErrors`), so they follow a moved line.
 *
 * On a wide screen the lines are the rows of a grid, walked with the keyboard like a
 * spreadsheet (./quote-editor/line-row.tsx); on a phone, cards.
 *
 * 200 lines stay fluid: lots and lines are memoized rows fed by a stable `act`, and the
 * totals are computed from a deferred copy of the draft.
 */

export type QuoteEditorProps = {
  initial: QuoteDraftInput;
  /** Posted back as `revision`; a new value (after a successful save) marks the current state saved. */
  revision: number;
  hourlyCostCents: Cents;
  clientKind: "particulier" | "entreprise";
  /** The refused save's messages, by path (`lots.0.lines.3.quantity`, `terms.validityDays`). */
  fieldErrors?: Record<string, string[]>;
  formError?: string;
  /** GET `${libraryUrl}?q=…` → `{ items: LibraryItem[] }`. */
  libraryUrl: string;
  /** Beside the editor on wide screens (the lead's photos). */
  aside?: ReactNode;
  /** Told whenever the editor gains or loses unsaved changes (the page holds « Envoyer » meanwhile). */
  onDirtyChange?: (dirty: boolean) => void;
  /**
   * A standalone invoice's lines (« Facture » without a quote): the same header and lines,
   * without discount, travel costs, options, terms or the quote's mentions.
   */
  forInvoice?: boolean;
};

function summaryOf(errors: EditorErrors, formError: string | undefined): string[] {
  const messages: string[] = [];
  if (formError) messages.push(formError);
  messages.push(...errors.other);
  if (errors.count > 1)
    messages.push(`${errors.count} champs sont à corriger : voyez les messages sous chacun.`);
  else if (errors.count === 1) messages.push("Un champ est à corriger : voyez le message sous celui-ci.");
  return messages;
}

function SaveBar({
  saving,
  dirty,
  totals,
  reverseCharge,
}: {
  saving: boolean;
  dirty: boolean;
  totals: QuoteTotalsResult;
  reverseCharge: boolean;
}) {
  return (
    <div className="sticky bottom-0 z-20 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-300 bg-white/95 p-3 shadow-[0_-4px_16px_rgb(16_42_76/0.08)] backdrop-blur">
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-brand-900 tabular-nums">
          {totals.ok
            ? reverseCharge
              ? `Total HT ${formatCents(totals.totals.totalHt)}`
              : `Total TTC ${formatCents(totals.totals.totalTtc)}`
            : "Totaux indisponibles"}
        </p>
        <p className={dirty && !saving ? "font-medium text-accent-700" : "text-slate-700"}>
          {saving
            ? "Enregistrement en cours…"
            : dirty
              ? "Modifications non enregistrées"
              : "Tout est enregistré"}
        </p>
      </div>
      <button
        type="submit"
        disabled={saving}
        aria-keyshortcuts="Control+S Meta+S"
        className={buttonClasses("secondary", "md")}
      >
        <Save aria-hidden="true" className="size-4" />
        {saving ? "Enregistrement…" : "Enregistrer"}
      </button>
    </div>
  );
}

export function QuoteEditor({
  initial,
  revision,
  hourlyCostCents,
  clientKind,
  fieldErrors,
  formError,
  libraryUrl,
  aside,
  onDirtyChange,
  forInvoice = false,
}: QuoteEditorProps) {
  const [state, dispatch] = useReducer(editorReducer, initial, initEditorState);
  const { draft } = state;

  // The figures follow the typing at a lower priority: a keystroke renders its row first.
  const deferredDraft = useDeferredValue(draft);
  const content = useMemo(() => draftToContentLenient(deferredDraft), [deferredDraft]);
  const totals = useMemo(() => tryQuoteTotals(content, hourlyCostCents), [content, hourlyCostCents]);
  const mentions = useMemo(() => quoteMentions(content, { kind: clientKind }), [content, clientKind]);
  const draftJson = useMemo(() => JSON.stringify(deferredDraft), [deferredDraft]);

  const lotTotals = useMemo(
    () => new Map(totals.ok ? totals.totals.lots.map((lot) => [lot.id, lot]) : []),
    [totals],
  );

  // ─── Saving ──────────────────────────────────────────────────────────────────────
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === SAVE_INTENT;
  const formRef = useRef<HTMLFormElement>(null);
  const draftInput = useRef<HTMLInputElement>(null);
  const savingRef = useRef(false);
  const wasSaving = useRef(false);
  const [submitted, setSubmitted] = useState<{ draft: QuoteDraftInput; json: string } | null>(null);
  const [responseSeq, setResponseSeq] = useState(0);

  useEffect(() => {
    if (saving) {
      wasSaving.current = true;
      return;
    }
    savingRef.current = false;
    if (wasSaving.current) {
      wasSaving.current = false;
      setResponseSeq((seq) => seq + 1);
    }
  }, [saving]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (savingRef.current) {
      event.preventDefault();
      return;
    }
    // The hidden field may lag behind the deferred render: post exactly what is on screen.
    const json = JSON.stringify(draft);
    if (draftInput.current) draftInput.current.value = json;
    savingRef.current = true;
    setSubmitted({ draft, json });
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      if (!savingRef.current) formRef.current?.requestSubmit();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // ─── Unsaved changes ─────────────────────────────────────────────────────────────
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [seenRevision, setSeenRevision] = useState(revision);
  if (revision !== seenRevision) {
    // A save went through: what was posted is now the stored state.
    setSeenRevision(revision);
    setBaseline(submitted?.json ?? JSON.stringify(draft));
  }
  const dirty = draftJson !== baseline;
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !savingRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const proceeding = useRef(false);
  useEffect(() => {
    if (blocker.state === "unblocked") proceeding.current = false;
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // ─── The server's messages ───────────────────────────────────────────────────────
  // Placed on the draft that was posted, once per answer (`responseSeq`), by line id.
  const errorsKey = `${responseSeq}|${JSON.stringify(fieldErrors ?? {})}`;
  const [indexed, setIndexed] = useState(() => ({
    key: errorsKey,
    errors: indexErrors(fieldErrors, initial),
  }));
  let errors = indexed.errors;
  if (indexed.key !== errorsKey) {
    errors = indexErrors(fieldErrors, submitted?.draft ?? draft);
    setIndexed({ key: errorsKey, errors });
  }
  useEffect(() => {
    if (errors.count === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]')?.focus();
  }, [errors]);

  // ─── Editing ─────────────────────────────────────────────────────────────────────
  const act = useCallback<Act>((action, focus) => {
    if (!focus) {
      dispatch(action);
      return;
    }
    // Rendered at once, so the focus can go to the moved (or new) element.
    flushSync(() => dispatch(action));
    focusFirst(focus);
  }, []);

  const [libraryLot, setLibraryLot] = useState<string | null>(null);
  const focusAfterLibrary = useRef<string | null>(null);
  const openLibrary = useCallback((lotId: string) => setLibraryLot(lotId), []);
  const chooseItem = (item: LibraryItem) => {
    if (!libraryLot) return;
    const id = newLineId();
    dispatch({ type: "insertLibraryItem", lotId: libraryLot, id, item });
    focusAfterLibrary.current = id;
    setLibraryLot(null);
  };
  const onLibraryClosed = (event: Event) => {
    const id = focusAfterLibrary.current;
    if (!id) return;
    focusAfterLibrary.current = null;
    event.preventDefault();
    const quantity = document.getElementById(ids.lineField(id, "quantity"));
    if (quantity instanceof HTMLInputElement) {
      quantity.focus();
      quantity.select();
    } else focusFirst([ids.line(id)]);
  };
  const libraryLotIndex = draft.lots.findIndex((lot) => lot.id === libraryLot);
  const libraryLotEntry = draft.lots[libraryLotIndex];
  const libraryLotName = libraryLotEntry ? lotName(libraryLotEntry, libraryLotIndex) : "";

  const canAddLine = lineCount(draft) < MAX_LINES;
  const lotCount = draft.lots.length;

  return (
    // The aside goes beside the editor only where the lines' grid keeps its width (1 536 px and up).
    <div className={aside ? "grid gap-6 2xl:grid-cols-[minmax(0,1fr)_18rem] 2xl:items-start" : undefined}>
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label={forInvoice ? "Facture" : "Devis"}
        className="grid min-w-0 gap-5"
      >
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        <input type="hidden" name="revision" value={revision} />
        <input ref={draftInput} type="hidden" name="draft" value={draftJson} />

        <FormAlert
          title="Enregistrement impossible"
          errors={summaryOf(errors, formError)}
          focus={errors.count === 0}
        />

        <HeaderSection
          title={draft.title}
          description={draft.description}
          site={draft.site}
          reverseCharge={draft.reverseCharge}
          offPremises={draft.offPremises}
          clientKind={clientKind}
          forInvoice={forInvoice}
          errors={errors.fields}
          act={act}
        />

        <section aria-labelledby="devis-lots-titre" className="grid gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="devis-lots-titre" className={sectionTitleClass}>
              Lots et lignes
            </h2>
            <p className="text-sm text-slate-700">
              <kbd className="font-sans font-semibold">Entrée</kbd> passe à la case suivante,{" "}
              <kbd className="font-sans font-semibold">Ctrl</kbd> + <kbd className="font-sans">Entrée</kbd>{" "}
              ajoute une ligne en dessous, <kbd className="font-sans font-semibold">Alt</kbd> +{" "}
              <kbd className="font-sans">↑</kbd> / <kbd className="font-sans">↓</kbd> déplace la ligne ou le
              lot où vous êtes.
            </p>
          </div>
          <div className="grid gap-4">
            {draft.lots.map((lot, index) => {
              const lotFigures = lotTotals.get(lot.id);
              return (
                <LotSection
                  key={lot.id}
                  lot={lot}
                  index={index}
                  lotCount={lotCount}
                  subtotalHt={lotFigures ? lotFigures.subtotalHt : null}
                  optionalHt={lotFigures ? lotFigures.optionalHt : null}
                  reverseCharge={draft.reverseCharge}
                  noOptions={forInvoice}
                  lotErrors={errors.lots[lot.id]}
                  lineErrors={errors.lines}
                  canAddLine={canAddLine}
                  act={act}
                  onOpenLibrary={openLibrary}
                />
              );
            })}
          </div>
          <div>
            <button
              type="button"
              id={ids.addLot}
              disabled={lotCount >= MAX_LOTS}
              className={buttonClasses("outline", "md")}
              onClick={() => {
                const id = newLineId();
                act({ type: "addLot", id }, [ids.lotField(id, "title")]);
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              Ajouter un lot
            </button>
          </div>
        </section>

        {forInvoice && !draft.discount.value && !draft.travel.amountHt ? null : (
          <DiscountTravelSection
            discount={draft.discount}
            travel={draft.travel}
            reverseCharge={draft.reverseCharge}
            errors={errors.fields}
            act={act}
          />
        )}
        <TotalsPanel result={totals} reverseCharge={content.reverseCharge} />
        <MarginPanel result={totals} lots={deferredDraft.lots} />
        {forInvoice ? null : <TermsSection terms={draft.terms} errors={errors.fields} act={act} />}
        {forInvoice ? null : <MentionsPanel mentions={mentions} />}

        <SaveBar saving={saving} dirty={dirty} totals={totals} reverseCharge={content.reverseCharge} />

        <p aria-live="polite" className="sr-only">
          <span key={state.announcement.seq}>{state.announcement.text}</span>
        </p>
      </Form>

      {aside ? <div className="grid min-w-0 gap-4 2xl:sticky 2xl:top-20">{aside}</div> : null}

      <LibraryDialog
        open={libraryLot !== null}
        lotName={libraryLotName}
        libraryUrl={libraryUrl}
        onChoose={chooseItem}
        onOpenChange={(open) => {
          if (!open) setLibraryLot(null);
        }}
        onCloseAutoFocus={onLibraryClosed}
      />

      <ConfirmDialog
        trigger={<span hidden />}
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && !proceeding.current && blocker.state === "blocked") blocker.reset();
        }}
        title="Quitter sans enregistrer ?"
        description={`Les modifications de ${forInvoice ? "cette facture" : "ce devis"} ne sont pas enregistrées : elles seront perdues si vous quittez la page.`}
        confirmLabel="Quitter sans enregistrer"
        cancelLabel={forInvoice ? "Rester sur la facture" : "Rester sur le devis"}
        destructive
        onConfirm={() => {
          proceeding.current = true;
          blocker.proceed?.();
        }}
      />
    </div>
  );
}
