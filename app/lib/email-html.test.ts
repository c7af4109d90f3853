import { describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import {
  EMAIL_FOOTER,
  escapeHtml,
  escapeMultiline,
  heading,
  list,
  paragraph,
  renderEmail,
  table,
} from "./email-html.ts";

const HOSTILE = `<script>alert("x")</script> & 'quotes' "double" <img src=x onerror=alert(1)>`;
const ESCAPED =
  "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &quot;double&quot; &lt;img src=x onerror=alert(1)&gt;";

/** The HTML with the markup the layout itself writes taken out: what is left came from values. */
function tagsIn(html: string): string[] {
  return [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => (match[1] ?? "").toLowerCase());
}

describe("escapeHtml", () => {
  it("escapes the five characters that could open markup or leave an attribute", () => {
    expect(escapeHtml(HOSTILE)).toBe(ESCAPED);
    expect(escapeHtml("Toiture & façade")).toBe("Toiture &amp; façade");
    // Already escaped text is escaped again: what is shown is what was typed.
    expect(escapeHtml("&lt;b&gt;")).toBe("&amp;lt;b&amp;gt;");
    expect(escapeHtml("")).toBe("");
  });

  it("keeps line breaks of a multi-line value as <br>, after escaping", () => {
    expect(escapeMultiline("<b>un</b>\r\ndeux\nl'autre")).toBe(
      "&lt;b&gt;un&lt;/b&gt;<br>deux<br>l&#39;autre",
    );
  });
});

describe("blocks", () => {
  it("escape every value they are given, in text, bold, links, lists and tables", () => {
    const blocks = [
      heading(HOSTILE),
      heading(HOSTILE, { level: 2 }),
      paragraph([HOSTILE, { strong: HOSTILE }, { href: `https://x.fr/?a=1&b="><script>`, label: HOSTILE }]),
      list([HOSTILE, [{ strong: HOSTILE }]]),
      table([[HOSTILE, HOSTILE]]),
      table([[HOSTILE, [{ href: `https://x.fr/${HOSTILE}` }]]], { amounts: true }),
    ];
    for (const block of blocks) {
      expect(block.html).not.toContain("<script");
      expect(block.html).not.toContain("<img");
      expect(block.html).not.toContain(`"double"`);
      expect(block.html).not.toMatch(/'quotes'/);
      expect(block.html).toContain(ESCAPED);
    }
    const link = blocks[2]?.html ?? "";
    expect(link).toContain('href="https://x.fr/?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
    // The markup is the blocks' own, nothing more.
    expect(new Set(blocks.flatMap((block) => tagsIn(block.html)))).toEqual(
      new Set(["h1", "h2", "p", "strong", "a", "ul", "li", "table", "tr", "th", "td"]),
    );
  });

  it("link only to web, mail and phone addresses", () => {
    expect(paragraph([{ href: "https://x.fr/a" }]).html).toBe(
      '<p><a href="https://x.fr/a">https://x.fr/a</a></p>',
    );
    expect(paragraph([{ href: "mailto:a@x.fr", label: "écrire" }]).html).toContain('href="mailto:a@x.fr"');
    expect(paragraph([{ href: "javascript:alert(1)", label: "clic" }]).html).toBe(
      "<p>clic (javascript:alert(1))</p>",
    );
    expect(paragraph([{ href: " data:text/html,<script>" }]).html).not.toContain("<a");
  });

  it("read as plain text: values as typed, sub-headings with a colon, '- ' lists, 'Label : valeur' rows", () => {
    expect(heading("Titre").text).toBe("Titre");
    expect(heading("Titre", { text: "Titre long." }).text).toBe("Titre long.");
    expect(heading("Titre", { text: null }).text).toBeNull();
    expect(heading("Pour nous joindre", { level: 2 })).toMatchObject({
      text: "Pour nous joindre :",
      attached: true,
    });
    expect(
      paragraph(["Voir ", { href: "https://x.fr/a" }, " ou ", { href: "https://x.fr/b", label: "ici" }]).text,
    ).toBe("Voir https://x.fr/a ou ici (https://x.fr/b)");
    expect(paragraph([{ strong: "2 photos" }, " non jointes\nsuite"]).text).toBe(
      "2 photos non jointes\nsuite",
    );
    expect(list(["a : 1", "<b>"]).text).toBe("- a : 1\n- <b>");
    expect(
      table([
        ["Nom", "Marie <b>"],
        ["Total", "12,90 €"],
      ]).text,
    ).toBe("Nom : Marie <b>\nTotal : 12,90 €");
  });

  it("give each paragraph tone its style, and keep line breaks in HTML", () => {
    expect(paragraph("un\ndeux").html).toBe("<p>un<br>deux</p>");
    expect(paragraph("x", { tone: "notice" }).html).toContain("background:#fef3c7");
    expect(paragraph("x", { tone: "small" }).html).toContain("font-size:12px");
    expect(table([["a", "1"]], { amounts: true }).html).toContain("text-align:right;white-space:nowrap");
  });
});

describe("renderEmail", () => {
  const email = renderEmail({
    title: `Commande ${HOSTILE}`,
    blocks: [
      heading("Nouvelle demande", { text: "Nouvelle demande reçue sur le site." }),
      table([["Nom", "Marie <b>Dupont</b>"]]),
      false,
      heading("Description du projet", { level: 2 }),
      paragraph("Toiture & façade\nDeuxième ligne"),
      null,
      heading("Seulement en HTML", { level: 2, text: null }),
      paragraph("Répondez à cet e-mail.", { tone: "muted" }),
    ],
  });

  it("writes the text part: name on top, blocks apart, sub-headings above their block, identity at the foot", () => {
    expect(email.text).toBe(
      [
        company.name,
        "",
        "Nouvelle demande reçue sur le site.",
        "",
        "Nom : Marie <b>Dupont</b>",
        "",
        "Description du projet :",
        "Toiture & façade",
        "Deuxième ligne",
        "",
        "Répondez à cet e-mail.",
        "",
        "-- ",
        ...EMAIL_FOOTER,
      ].join("\n"),
    );
  });

  it("writes the HTML part in French, escaped, with the company's identity from the config", () => {
    expect(email.html.startsWith('<!doctype html><html lang="fr"><head><meta charset="utf-8">')).toBe(true);
    expect(email.html).toContain(`<title>Commande ${ESCAPED}</title>`);
    expect(email.html).toContain("Marie &lt;b&gt;Dupont&lt;/b&gt;");
    expect(email.html).toContain("Toiture &amp; façade<br>Deuxième ligne");
    expect(email.html).toContain("Seulement en HTML");
    expect(email.html).not.toContain("<script");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain(escapeHtml(company.name));
    for (const fact of [company.phone.display, company.email, company.siret, company.address.street]) {
      expect(EMAIL_FOOTER.join(" "), fact).toContain(fact);
      expect(email.html, fact).toContain(escapeHtml(fact));
      expect(email.text, fact).toContain(fact);
    }
  });

  it("leaves nothing but the layout when there is no block", () => {
    const empty = renderEmail({ title: "Vide", blocks: [] });
    expect(empty.text).toBe([company.name, "", "", "", "-- ", ...EMAIL_FOOTER].join("\n"));
    expect(empty.html).toContain("<title>Vide</title>");
  });
});
