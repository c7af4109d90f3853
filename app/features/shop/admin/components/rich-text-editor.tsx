import { Bold, Italic, LinkIcon, List, ListOrdered, type LucideIcon, RemoveFormatting } from "lucide-react";
import type { ClipboardEvent, KeyboardEvent, ReactNode } from "react";
import { useEffect, useId, useRef, useState } from "react";
import { controlClass, ErrorList, labelClass } from "#app/components/forms/field.tsx";
import { type ErrorsInput, errorList } from "#app/components/forms/field-errors.ts";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { linkHref, normaliseRichText, pastedText } from "../rich-text.ts";

/*
 * A product description in a small rich-text editor: a toolbar (one tab stop, the arrows
 * move between its buttons), an editable area, and the hidden input the form posts, kept
 * to the HTML the store keeps (../rich-text.ts). The commands are `document.execCommand`:
 * deprecated but implemented by every engine, and undoable with Ctrl+Z.
 * Before hydration the area shows the description, read-only, and the hidden input
 * already holds `defaultValue`: a form posted without JavaScript keeps it unchanged.
 */

type Command = "bold" | "italic" | "insertUnorderedList" | "insertOrderedList" | "link" | "clear";

const TOOLS: readonly { command: Command; label: string; icon: LucideIcon; keys?: string }[] = [
  { command: "bold", label: "Gras", icon: Bold, keys: "Control+B" },
  { command: "italic", label: "Italique", icon: Italic, keys: "Control+I" },
  { command: "insertUnorderedList", label: "Liste à puces", icon: List },
  { command: "insertOrderedList", label: "Liste numérotée", icon: ListOrdered },
  { command: "link", label: "Lien", icon: LinkIcon, keys: "Control+K" },
  { command: "clear", label: "Effacer la mise en forme", icon: RemoveFormatting },
];

type Pressed = Partial<Record<Command, boolean>>;
const pressedClass = "aria-pressed:bg-brand-100 aria-pressed:text-brand-900";

const areaClass =
  "min-h-40 leading-relaxed [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_ol]:list-decimal " +
  "[&_ol]:pl-6 [&_p+*]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ul+*]:mt-3 [&_ol+*]:mt-3";

function closestLink(area: HTMLElement, node: Node | null): HTMLAnchorElement | null {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const link = element?.closest("a") ?? null;
  return link && area.contains(link) ? link : null;
}

/** Which buttons show as pressed for the selection; null when it is outside the area. */
function selectionState(area: HTMLElement): Pressed | null {
  const selection = document.getSelection();
  if (!selection?.anchorNode || !area.contains(selection.anchorNode)) return null;
  return {
    bold: document.queryCommandState("bold"),
    italic: document.queryCommandState("italic"),
    insertUnorderedList: document.queryCommandState("insertUnorderedList"),
    insertOrderedList: document.queryCommandState("insertOrderedList"),
    link: closestLink(area, selection.anchorNode) !== null,
  };
}

const samePressed = (a: Pressed, b: Pressed) => TOOLS.every(({ command }) => a[command] === b[command]);

export type RichTextEditorProps = {
  name: string;
  label: string;
  /** The HTML saved so far. */
  defaultValue: string;
  error?: ErrorsInput;
  /** The editable area's id; `useId` otherwise. */
  id?: string;
  /** A help text under the label, read with the area. */
  description?: ReactNode;
};

export function RichTextEditor({ name, label, defaultValue, error, id, description }: RichTextEditorProps) {
  const generatedId = useId();
  const areaId = id ?? generatedId;
  const ids = { label: `${areaId}-libelle`, hint: `${areaId}-aide`, error: `${areaId}-erreur` };
  const linkIds = { input: `${areaId}-lien`, error: `${areaId}-lien-erreur` };
  const invalid = errorList(error).length > 0;
  const describedBy = [description ? ids.hint : "", invalid ? ids.error : ""].filter(Boolean).join(" ");

  const area = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const linkInput = useRef<HTMLInputElement>(null);
  /** The selection in the area, kept while the toolbar or the link box has the focus. */
  const saved = useRef<Range | null>(null);
  // Shown through innerHTML: tidied first, as it may come from the store service.
  const [initialHtml] = useState(() => normaliseRichText(defaultValue));
  const [value, setValue] = useState(defaultValue);
  const [ready, setReady] = useState(false);
  const [pressed, setPressed] = useState<Pressed>({});
  const [active, setActive] = useState(0);
  const [link, setLink] = useState<{ url: string; message?: string } | null>(null);

  useEffect(() => {
    setReady(true);
    // Enter starts a <p> rather than the engine's <div>.
    document.execCommand("defaultParagraphSeparator", false, "p");
    const track = () => {
      const element = area.current;
      const selection = document.getSelection();
      if (!element || !selection?.rangeCount || !element.contains(selection.anchorNode)) return;
      saved.current = selection.getRangeAt(0).cloneRange();
      const next = selectionState(element) ?? {};
      setPressed((previous) => (samePressed(previous, next) ? previous : next));
    };
    document.addEventListener("selectionchange", track);
    return () => document.removeEventListener("selectionchange", track);
  }, []);

  function sync() {
    if (area.current) setValue(normaliseRichText(area.current.innerHTML));
  }

  /** The focus back in the text, on the selection the toolbar was used for. */
  function restoreSelection(element: HTMLDivElement) {
    element.focus();
    const range = saved.current;
    const selection = document.getSelection();
    if (range && selection && element.contains(range.commonAncestorContainer)) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }

  function run(command: Command) {
    const element = area.current;
    if (!element) return;
    if (command === "link") {
      const current = closestLink(element, saved.current?.startContainer ?? null);
      setLink({ url: current?.getAttribute("href") ?? "" });
      return;
    }
    restoreSelection(element);
    if (command === "clear") {
      document.execCommand("removeFormat");
      document.execCommand("unlink");
    } else document.execCommand(command);
    sync();
    setPressed(selectionState(element) ?? {});
  }

  function applyLink() {
    const element = area.current;
    if (!element || !link) return;
    const result = linkHref(link.url);
    if ("message" in result) {
      setLink({ url: link.url, message: result.message });
      linkInput.current?.focus();
      return;
    }
    restoreSelection(element);
    const selection = document.getSelection();
    // Inside a link: its address changes. Without a selection, the address is the text.
    const current = closestLink(element, selection?.anchorNode ?? null);
    if (current && selection?.isCollapsed) selection.selectAllChildren(current);
    document.execCommand("createLink", false, result.href);
    setLink(null);
    sync();
  }

  function cancelLink() {
    setLink(null);
    if (area.current) restoreSelection(area.current);
  }

  function linkKeys(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" && event.key !== "Escape") return;
    event.preventDefault(); // Enter would post the whole form
    if (event.key === "Enter") applyLink();
    else cancelLink();
  }

  function toolbarKeys(event: KeyboardEvent<HTMLDivElement>) {
    // The arrows go round; End is the last button.
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: -1 };
    const move = moves[event.key];
    if (move === undefined) return;
    const next = (move + TOOLS.length) % TOOLS.length;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  }

  function areaKeys(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    // Ctrl+U would show an underline the store does not keep; Ctrl+K asks for a link.
    if (key === "u" || key === "k") event.preventDefault();
    if (key === "k") run("link");
  }

  function paste(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    const text = pastedText(event.clipboardData);
    if (text !== "") document.execCommand("insertText", false, text);
    sync();
  }

  return (
    <div>
      <div id={ids.label} className={labelClass}>
        {label}
      </div>
      {description ? (
        <p id={ids.hint} className="mb-1 text-sm text-slate-700">
          {description}
        </p>
      ) : null}
      <div
        role="toolbar"
        aria-label={`Mise en forme\u00a0: ${label}`}
        aria-controls={areaId}
        onKeyDown={toolbarKeys}
        className="mb-1 flex flex-wrap gap-1"
      >
        {TOOLS.map(({ command, label: name, icon: Icon, keys }, index) => (
          <button
            key={command}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            tabIndex={index === active ? 0 : -1}
            aria-label={name}
            title={name}
            aria-pressed={command === "clear" ? undefined : Boolean(pressed[command])}
            aria-keyshortcuts={keys}
            disabled={!ready}
            // The text keeps the focus and its selection when a button is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setActive(index)}
            onClick={() => run(command)}
            className={buttonClasses("ghost", "icon", pressedClass)}
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        ))}
      </div>
      {link ? (
        <div className="mb-2 rounded-lg border border-slate-300 bg-slate-50 p-3">
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 grow basis-60">
              <label htmlFor={linkIds.input} className={labelClass}>
                Adresse du lien
              </label>
              <input
                ref={linkInput}
                // biome-ignore lint/a11y/noAutofocus: the box opens when « Lien » is pressed, to be typed in
                autoFocus
                id={linkIds.input}
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://…"
                value={link.url}
                aria-invalid={link.message ? true : undefined}
                aria-describedby={link.message ? linkIds.error : undefined}
                onChange={(event) => setLink({ url: event.target.value })}
                onKeyDown={linkKeys}
                className={controlClass}
              />
            </div>
            <Button variant="secondary" onClick={applyLink}>
              Ajouter le lien
            </Button>
            <Button variant="ghost" onClick={cancelLink}>
              Annuler
            </Button>
          </div>
          {/* Present from the start, so the refusal is announced when it appears. */}
          <div role="alert">
            <ErrorList id={linkIds.error} errors={link.message} />
          </div>
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a <textarea> cannot show bold, lists or links */}
      <div
        ref={area}
        id={areaId}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={ids.label}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid || undefined}
        aria-readonly={ready ? undefined : true}
        contentEditable={ready}
        tabIndex={0}
        onInput={sync}
        onPaste={paste}
        // A drop would bring its markup in; pasting brings the text only.
        onDrop={(event) => event.preventDefault()}
        onKeyDown={areaKeys}
        className={`${controlClass} ${areaClass}`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: normalised to the description's tags first
        dangerouslySetInnerHTML={{ __html: initialHtml }}
      />
      <input type="hidden" name={name} value={value} />
      <ErrorList id={ids.error} errors={error} />
    </div>
  );
}
