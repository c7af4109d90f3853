import { escapeHtml } from "#app/lib/email-html.ts";

/*
 * The HTML a product description is written in from the Espace Pro: paragraphs, line
 * breaks, bold, italics, bulleted and numbered lists, links. The browser's editor
 * (rich-text-editor.tsx) writes whatever its engine produces (<div>, <span style>,
 * <u>, pasted markup...); `normaliseRichText` brings it back to that subset before it
 * is posted, so what the staff see is what the store shows. The server still
 * sanitizes every description (sanitize.server.ts): this is not the security
 * boundary, only the editor's tidiness. Pure string code: it runs in the browser and
 * in the tests alike.
 */

export const RICH_TEXT_MESSAGES = {
  linkEmpty: "Saisissez l'adresse du lien.",
  linkInvalid:
    "Saisissez une adresse web complète (https://…) ou une adresse e-mail précédée de «\u00a0mailto:\u00a0».",
} as const;

/** The tags `normaliseRichText` writes: a subset of what the server's sanitizer keeps. */
export const RICH_TEXT_TAGS = ["p", "br", "strong", "em", "ul", "ol", "li", "a"] as const;

/**
 * The address typed in the editor's « Lien » box, as the `href` to write; a message
 * otherwise. Only web pages and e-mail addresses: a `javascript:` or relative link is
 * refused rather than guessed at.
 */
export function linkHref(input: string): { href: string } | { message: string } {
  const typed = input.trim();
  if (typed === "") return { message: RICH_TEXT_MESSAGES.linkEmpty };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { message: RICH_TEXT_MESSAGES.linkInvalid };
  }
  const web = (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  const mail = url.protocol === "mailto:" && url.pathname.includes("@");
  return web || mail ? { href: url.href } : { message: RICH_TEXT_MESSAGES.linkInvalid };
}

/** What a paste inserts: the clipboard's plain text only, its markup ignored. */
export function pastedText(clipboard: Pick<DataTransfer, "getData"> | null): string {
  return (clipboard?.getData("text/plain") ?? "").replace(/\r\n?/g, "\n").replace(/(?![\t\n])\p{Cc}/gu, "");
}

type Element = { tag: string; href?: string; children: Node[] };
type Node = string | Element;

// Their content is not text a reader sees: dropped with them.
const DROPPED = new Set(["script", "style", "textarea", "title", "noscript", "template", "iframe", "xmp"]);
const DROPPED_TREES = new Set(["head", "svg", "math", "select", "object", "button", "img", "video", "audio"]);
const VOID = new Set(["br", "hr", "img", "input", "wbr", "col", "area", "base", "link", "meta", "source"]);
// Blocks become paragraphs (a heading, a quote or a <div> of the editor are as many lines).
const BLOCKS = new Set(
  "p div h1 h2 h3 h4 h5 h6 blockquote pre section article header footer aside main nav address figure figcaption dl dt dd table caption thead tbody tfoot tr td th form fieldset hr li".split(
    " ",
  ),
);
const LISTS = new Set(["ul", "ol"]);
const MAX_DEPTH = 64;

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*>?|<(\/?)([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
// The schemes the server's sanitizer keeps: an existing description's links survive an edit.
const LINK_SCHEMES = /^(?:https?:|mailto:|tel:)/i;

function decodeEntities(value: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", colon: ":" };
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (entity, name: string) => {
    if (!name.startsWith("#")) return named[name.toLowerCase()] ?? entity;
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/** The `href` of a link tag's attributes when it is a link the store keeps. */
function safeHref(attributes: string): string | undefined {
  for (const [, name, double, single, bare] of attributes.matchAll(ATTRIBUTE)) {
    if (name?.toLowerCase() !== "href") continue;
    // As a browser reads it: entities decoded, tabs and line breaks inside ignored.
    const href = decodeEntities(double ?? single ?? bare ?? "")
      .replace(/[\t\n\r]/g, "")
      .trim();
    return LINK_SCHEMES.test(href) ? href : undefined;
  }
  return undefined;
}

function parse(html: string): Node[] {
  const root: Element = { tag: "", children: [] };
  const stack = [root];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    const [token, closing, rawTag, attributes = ""] = match;
    const top = stack.at(-1) ?? root;
    if (rawTag === undefined) {
      if (!token.startsWith("<!") && !token.startsWith("<?")) top.children.push(token);
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (closing) {
      const open = stack.findLastIndex((element, index) => index > 0 && element.tag === tag);
      if (open > 0) stack.length = open;
    } else if (DROPPED.has(tag)) {
      // Raw text: skip to its end tag, whatever markup it seems to hold.
      const end = html.toLowerCase().indexOf(`</${tag}`, TOKEN.lastIndex);
      TOKEN.lastIndex = end < 0 ? html.length : end;
    } else if (stack.length < MAX_DEPTH) {
      const element: Element = { tag, children: [] };
      if (tag === "a") element.href = safeHref(attributes);
      top.children.push(element);
      // As in a browser, « /> » closes only a void element.
      if (!VOID.has(tag)) stack.push(element);
    }
  }
  return root.children;
}

/** Text as HTML: an `&` that starts no entity, `<` and `>` escaped. */
function text(raw: string): string {
  return raw
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/** Nothing a reader would see: tags, spaces and no-break spaces only. */
const isBlank = (html: string) => html.replace(/<[^>]*>|\s|&nbsp;|&#160;/g, "") === "";
/** A trailing <br> is the engine's placeholder of an empty line: invisible, and dropped. */
const trimBreaks = (html: string) => html.replace(/(?:<br>\s*)+$/, "");

function inline(nodes: Node[], within: ReadonlySet<string> = new Set()): string {
  let html = "";
  let breakBefore = false;
  const add = (piece: string) => {
    if (breakBefore && !isBlank(piece)) html += "<br>";
    if (!isBlank(piece)) breakBefore = false;
    html += piece;
  };
  for (const node of nodes) {
    if (typeof node === "string") {
      add(text(node));
      continue;
    }
    const { tag, children } = node;
    if (DROPPED_TREES.has(tag)) continue;
    if (tag === "br") {
      html += "<br>";
      breakBefore = false;
      continue;
    }
    if (BLOCKS.has(tag) || LISTS.has(tag)) {
      // A block inside a line (a <div> in a <b>, a <p> in an <li>): a line of its own.
      const inner = trimBreaks(inline(children, within));
      if (isBlank(inner)) continue;
      breakBefore = html !== "" && !html.endsWith("<br>");
      add(inner);
      breakBefore = true;
      continue;
    }
    const kept =
      tag === "b" || tag === "strong"
        ? "strong"
        : tag === "i" || tag === "em"
          ? "em"
          : tag === "a" && node.href
            ? "a"
            : undefined;
    // A link inside a link, bold inside bold: the inner one says nothing more.
    const wrapper = kept && !within.has(kept) ? kept : undefined;
    const inner = inline(children, wrapper ? new Set([...within, wrapper]) : within);
    if (inner === "") continue;
    if (wrapper === "a") add(`<a href="${escapeHtml(node.href ?? "")}">${inner}</a>`);
    else if (wrapper) add(`<${wrapper}>${inner}</${wrapper}>`);
    else add(inner);
  }
  return html;
}

function listItem(nodes: Node[]): string {
  let html = "";
  let line: Node[] = [];
  for (const node of nodes) {
    if (typeof node !== "string" && LISTS.has(node.tag)) {
      html += trimBreaks(inline(line)) + list(node);
      line = [];
    } else line.push(node);
  }
  html += trimBreaks(inline(line));
  return isBlank(html) ? "" : html;
}

function list(node: Element): string {
  const items: string[] = [];
  let loose: Node[] = [];
  const flush = () => {
    if (loose.length > 0) items.push(listItem(loose));
    loose = [];
  };
  for (const child of node.children) {
    if (typeof child === "string" && child.trim() === "") continue;
    if (typeof child !== "string" && child.tag === "li") {
      flush();
      items.push(listItem(child.children));
    } else if (typeof child !== "string" && LISTS.has(child.tag)) {
      // A list right inside a list (the engine's indent) goes into the item above it.
      flush();
      const nested = list(child);
      if (items.length > 0) items[items.length - 1] += nested;
      else items.push(nested);
    } else loose.push(child);
  }
  flush();
  const kept = items.filter((item) => item !== "");
  return kept.length > 0
    ? `<${node.tag}>${kept.map((item) => `<li>${item}</li>`).join("")}</${node.tag}>`
    : "";
}

function blocks(nodes: Node[]): string {
  let html = "";
  let line: Node[] = [];
  const flush = () => {
    const paragraph = trimBreaks(inline(line));
    if (!isBlank(paragraph)) html += `<p>${paragraph}</p>`;
    line = [];
  };
  for (const node of nodes) {
    if (typeof node === "string" || !(BLOCKS.has(node.tag) || LISTS.has(node.tag))) {
      line.push(node);
      continue;
    }
    flush();
    html += LISTS.has(node.tag) ? list(node) : blocks(node.children);
  }
  flush();
  return html;
}

/**
 * Any HTML → paragraphs and lists made only of `RICH_TEXT_TAGS` (bold as <strong>,
 * italics as <em>, links with their `href` only). Text outside a block becomes a
 * paragraph; other tags give way to their text; empty paragraphs and items go; ""
 * for an empty editor. Applying it twice changes nothing.
 */
export function normaliseRichText(html: string): string {
  return blocks(parse(html));
}
