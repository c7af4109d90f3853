import sanitizeHtml from "sanitize-html";

/**
 * Product descriptions come from the store service (possibly a hosted one) as
 * HTML. Only plain formatting survives: no script, style, event handler, iframe,
 * image or form; links keep http(s)/mailto/tel and open safely.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "h3",
    "h4",
    "blockquote",
    "a",
    "span",
  ],
  allowedAttributes: { a: ["href", "title", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Headings inside a description sit below the page's h1/h2.
    h1: "h3",
    h2: "h3",
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The description as plain text (for the meta description). */
export function htmlToText(html: string): string {
  // Block boundaries become spaces, so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(/<\/?(?:p|div|li|ul|ol|h\d|br|blockquote|tr|td|th|table)\b[^>]*>/gi, " $& ");
  const text = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#")) {
        const code =
          name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}
