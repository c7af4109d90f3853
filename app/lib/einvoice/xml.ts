import { XMLParser, XMLValidator } from "fast-xml-parser";

/*
 * The XML of an e-invoice as a tree of elements named by namespace URI and local name:
 * producers choose their own prefixes (« rsm: », « ns2: », none at all), so a prefix
 * means nothing until its xmlns declaration in scope says which namespace it stands for.
 *
 * Safety (decision 030): a DOCTYPE or ENTITY declaration is refused before any parsing (no
 * entity is ever expanded: no billion laughs, no external entity); the parser's own
 * entity processing is off and only the five predefined entities and character
 * references are decoded here; nesting is capped.
 */

export interface XmlElement {
  /** The namespace URI ("" when none). */
  ns: string;
  local: string;
  /** Attributes by local name (their namespace is ignored: EN 16931 uses unqualified ones). */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, trimmed. */
  text: string;
}

export type XmlParseResult =
  | { ok: true; root: XmlElement }
  | { ok: false; reason: "unsafe-xml" | "malformed" | "too-large" };

const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const MAX_DEPTH = 64;
/**
 * The parser takes about 10 µs an element: a 5 000-line invoice has some 150 000 of them,
 * and a hostile 20 MB file of empty elements two million (20 s of a busy server).
 */
export const MAX_XML_ELEMENTS = 200_000;

function tooManyElements(xml: string): boolean {
  let count = 0;
  for (let index = xml.indexOf("<"); index >= 0; index = xml.indexOf("<", index + 1)) {
    count += 1;
    if (count > MAX_XML_ELEMENTS * 2) return true; // an element is an opening and a closing tag
  }
  return false;
}

/** Whether the XML declares a DOCTYPE or an ENTITY: refused before parsing. */
export function hasUnsafeDeclaration(xml: string): boolean {
  return DECLARATION.test(xml);
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[name] ?? whole;
  });
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
  maxNestedTags: MAX_DEPTH,
});

type RawNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function splitName(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(":");
  return colon < 0 ? ["", name] : [name.slice(0, colon), name.slice(colon + 1)];
}

function convert(
  raw: RawNode,
  tag: string,
  scope: ReadonlyMap<string, string>,
  depth: number,
): XmlElement | null {
  if (depth > MAX_DEPTH) return null;
  const rawAttributes = raw[":@"] ?? {};
  let namespaces = scope;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawAttributes)) {
    const decoded = decodeEntities(String(value));
    if (name === "xmlns" || name.startsWith("xmlns:")) {
      if (namespaces === scope) namespaces = new Map(scope);
      (namespaces as Map<string, string>).set(name === "xmlns" ? "" : name.slice(6), decoded);
    } else {
      attributes[splitName(name)[1]] = decoded;
    }
  }
  const [prefix, local] = splitName(tag);
  const ns = namespaces.get(prefix);
  if (ns === undefined && prefix !== "") return null; // an undeclared prefix: not well-formed in namespaces
  const element: XmlElement = { ns: ns ?? "", local, attributes, children: [], text: "" };
  const content = raw[tag];
  let text = "";
  if (Array.isArray(content)) {
    for (const child of content as RawNode[]) {
      if ("#text" in child) {
        text += String(child["#text"]);
        continue;
      }
      const childTag = Object.keys(child).find((key) => key !== ":@");
      if (!childTag || childTag.startsWith("?") || childTag.startsWith("!")) continue;
      const converted = convert(child, childTag, namespaces, depth + 1);
      if (!converted) return null;
      element.children.push(converted);
    }
  }
  element.text = decodeEntities(text).trim();
  return element;
}

/** Parses `xml` into a namespace-resolved tree, refusing declarations and ill-formed XML. */
export function parseXml(xml: string): XmlParseResult {
  if (hasUnsafeDeclaration(xml)) return { ok: false, reason: "unsafe-xml" };
  if (tooManyElements(xml)) return { ok: false, reason: "too-large" };
  if (XMLValidator.validate(xml) !== true) return { ok: false, reason: "malformed" };
  let parsed: RawNode[];
  try {
    parsed = parser.parse(xml) as RawNode[];
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const roots = parsed.filter((node) => {
    const tag = Object.keys(node).find((key) => key !== ":@");
    return tag !== undefined && !tag.startsWith("?") && !tag.startsWith("!") && tag !== "#text";
  });
  if (roots.length !== 1) return { ok: false, reason: "malformed" };
  const [root] = roots;
  const tag = root && Object.keys(root).find((key) => key !== ":@");
  if (!root || !tag) return { ok: false, reason: "malformed" };
  const element = convert(root, tag, new Map([["xml", "http://www.w3.org/XML/1998/namespace"]]), 0);
  return element ? { ok: true, root: element } : { ok: false, reason: "malformed" };
}

/** The first child named `local` in namespace `ns`. */
export function child(element: XmlElement | undefined, ns: string, local: string): XmlElement | undefined {
  return element?.children.find((candidate) => candidate.ns === ns && candidate.local === local);
}

/** Every child named `local` in namespace `ns`. */
export function children(element: XmlElement | undefined, ns: string, local: string): XmlElement[] {
  return element?.children.filter((candidate) => candidate.ns === ns && candidate.local === local) ?? [];
}

/** Namespace URIs by the prefixes a reader's paths use (its own, not the file's). */
export type Prefixes = Readonly<Record<string, string>>;

function step(prefixes: Prefixes, qualified: string): [ns: string, local: string] {
  const [prefix, local] = splitName(qualified);
  const ns = prefixes[prefix];
  if (ns === undefined) throw new Error(`Unknown prefix in path: ${qualified}`);
  return [ns, local];
}

/** Every element at `path` (« cac:Party/cbc:Name »), the prefixes read through `prefixes`. */
export function selectAll(element: XmlElement | undefined, prefixes: Prefixes, path: string): XmlElement[] {
  let current: XmlElement[] = element ? [element] : [];
  for (const qualified of path.split("/")) {
    const [ns, local] = step(prefixes, qualified);
    current = current.flatMap((parent) => children(parent, ns, local));
  }
  return current;
}

/** The first element at `path`. */
export function select(
  element: XmlElement | undefined,
  prefixes: Prefixes,
  path: string,
): XmlElement | undefined {
  return selectAll(element, prefixes, path)[0];
}

/** The element's text, or undefined when it is absent or empty. */
export function textOf(element: XmlElement | undefined): string | undefined {
  return element && element.text !== "" ? element.text : undefined;
}
