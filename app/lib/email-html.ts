import { company, fullAddress } from "#app/config/company.ts";

/*
 * The one layout of the product's e-mails, in text and in HTML from the same blocks:
 * the company's name on top, the blocks, its identity at the foot. Every string a
 * block receives is escaped; HTML is only ever written here, so a name typed by a
 * visitor cannot become markup in a message.
 */

/** Everything that reaches an HTML body goes through this first. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Escaped, with its line breaks kept (a visitor's description). */
export function escapeMultiline(value: string): string {
  return escapeHtml(value).replaceAll(/\r?\n/g, "<br>");
}

/** A piece of a line: plain text, text in bold, or a link (shown as its address unless labelled). */
export type Inline = string | { strong: string } | { href: string; label?: string };
/** A line of text, or a line made of pieces. Line breaks are kept. */
export type Content = string | readonly Inline[];

export type EmailBlock = {
  html: string;
  /** How the block reads in the text part; null: only in the HTML part. */
  text: string | null;
  /** A sub-heading sits right above its block in the text part, without a blank line. */
  attached?: boolean;
};

const BRAND = "#102a4c";
const MUTED = "#4b5563";
const CELL = "padding:6px 8px;border-bottom:1px solid #e5e7eb";

function inlines(content: Content): readonly Inline[] {
  return typeof content === "string" ? [content] : content;
}

// A link that would run something when clicked (javascript:, data:) is shown as text.
const LINK_SCHEMES = /^(?:https?:|mailto:|tel:)/i;

function inlineHtml(piece: Inline): string {
  if (typeof piece === "string") return escapeMultiline(piece);
  if ("strong" in piece) return `<strong>${escapeMultiline(piece.strong)}</strong>`;
  if (!LINK_SCHEMES.test(piece.href)) return escapeHtml(inlineText(piece));
  return `<a href="${escapeHtml(piece.href)}">${escapeHtml(piece.label ?? piece.href)}</a>`;
}

function inlineText(piece: Inline): string {
  if (typeof piece === "string") return piece;
  if ("strong" in piece) return piece.strong;
  return piece.label ? `${piece.label} (${piece.href})` : piece.href;
}

/** Content as HTML: every piece escaped. */
export function contentHtml(content: Content): string {
  return inlines(content).map(inlineHtml).join("");
}

/** Content as plain text. */
export function contentText(content: Content): string {
  return inlines(content).map(inlineText).join("");
}

type TextOption = { text?: string | null };

/**
 * A title (level 1) or a sub-heading (level 2). In the text part a sub-heading reads
 * "Titre :" right above its block.
 */
export function heading(title: string, { level = 1, text }: TextOption & { level?: 1 | 2 } = {}): EmailBlock {
  if (level === 1) {
    return {
      html: `<h1 style="font-size:20px;color:${BRAND}">${escapeHtml(title)}</h1>`,
      text: text === undefined ? title : text,
    };
  }
  return {
    html: `<h2 style="font-size:16px;color:${BRAND};margin-top:24px">${escapeHtml(title)}</h2>`,
    text: text === undefined ? `${title} :` : text,
    attached: true,
  };
}

const tones = {
  normal: "",
  muted: ` style="color:${MUTED}"`,
  small: ` style="font-size:12px;color:${MUTED}"`,
  notice: ` style="padding:12px;background:#fef3c7;border-radius:6px"`,
} as const;

/** A paragraph; `notice` stands out (a warning to the reader). */
export function paragraph(
  content: Content,
  { tone = "normal", text }: TextOption & { tone?: keyof typeof tones } = {},
): EmailBlock {
  return {
    html: `<p${tones[tone]}>${contentHtml(content)}</p>`,
    text: text === undefined ? contentText(content) : text,
  };
}

/** A bulleted list ("- item" in the text part). */
export function list(items: readonly Content[]): EmailBlock {
  return {
    html: `<ul>${items.map((item) => `<li>${contentHtml(item)}</li>`).join("")}</ul>`,
    text: items.map((item) => `- ${contentText(item)}`).join("\n"),
  };
}

/**
 * Label / value rows ("Label : valeur" in the text part). `amounts` aligns the values
 * right, on one line (prices).
 */
export function table(
  rows: readonly (readonly [string, Content])[],
  { amounts = false }: { amounts?: boolean } = {},
): EmailBlock {
  const valueStyle = amounts ? `${CELL};text-align:right;white-space:nowrap` : CELL;
  const labelStyle = amounts
    ? `text-align:left;font-weight:normal;${CELL}`
    : `text-align:left;${CELL};width:38%`;
  return {
    html: `<table style="border-collapse:collapse;width:100%">${rows
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="${labelStyle}">${escapeHtml(label)}</th><td style="${valueStyle}">${contentHtml(value)}</td></tr>`,
      )
      .join("")}</table>`,
    text: rows.map(([label, value]) => `${label} : ${contentText(value)}`).join("\n"),
  };
}

/** The company's identity, at the foot of every message. */
export const EMAIL_FOOTER = [
  `${company.name} · ${fullAddress} · ${company.phone.display} · ${company.email}`,
  `${company.legalName} (${company.legalForm}) · SIRET ${company.siret} · ${company.rcs}`,
] as const;

export type RenderedEmail = { text: string; html: string };

/**
 * The message in both parts. `title` is the HTML document's title; blocks left out
 * (false, null, undefined) are skipped, so a block may depend on a condition inline.
 */
export function renderEmail({
  title,
  blocks,
}: {
  title: string;
  blocks: readonly (EmailBlock | false | null | undefined)[];
}): RenderedEmail {
  const shown = blocks.filter((block): block is EmailBlock => Boolean(block));
  let body = "";
  shown.forEach((block, index) => {
    if (block.text === null) return;
    const last = shown.slice(index + 1).every((next) => next.text === null);
    body += block.text + (last ? "" : block.attached ? "\n" : "\n\n");
  });
  // "-- " (with its space) is the signature separator mail clients recognise.
  const text = [company.name, "", body, "", "-- ", ...EMAIL_FOOTER].join("\n");
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4efe6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:${BRAND}">${escapeHtml(company.name)}</p>
${shown.map((block) => block.html).join("\n")}
<p style="margin-top:32px;font-size:12px;color:${MUTED}">${EMAIL_FOOTER.map(escapeHtml).join("<br>")}</p>
</div></body></html>`;
  return { text, html };
}
