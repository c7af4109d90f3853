import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeDescription } from "../sanitize.server.ts";
import { linkHref, normaliseRichText, pastedText, RICH_TEXT_MESSAGES, RICH_TEXT_TAGS } from "./rich-text.ts";

/** Every tag of some HTML, as written: `<p>`, `</p>`, `<a href="…">`. */
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];

/** What the clipboard holds after a copy from a web page or a word processor. */
function clipboard(data: Record<string, string>): Pick<DataTransfer, "getData"> {
  return { getData: (type: string) => data[type] ?? "" };
}

describe("normaliseRichText", () => {
  it("keeps the description's own HTML as it is", () => {
    const html =
      '<p>Peinture <strong>acrylique</strong> <em>mate</em>, <a href="https://www.exemple.fr/fiche?id=1&amp;l=fr">fiche</a>.<br>Séchage&nbsp;: 2 h.</p>' +
      "<ul><li>Murs<ul><li>intérieurs</li></ul></li><li>Plafonds</li></ul><ol><li>Poncer</li><li>Peindre</li></ol>" +
      '<p>Contact : <a href="mailto:contact@exemple.fr">contact@exemple.fr</a>, <a href="tel:+33494000000">appel</a></p>';
    expect(normaliseRichText(html)).toBe(html);
  });

  it("brings what the browser's editor writes back to paragraphs, bold and italics", () => {
    expect(normaliseRichText("Première ligne<div>Deuxième</div><div><br></div>")).toBe(
      "<p>Première ligne</p><p>Deuxième</p>",
    );
    expect(
      normaliseRichText(
        '<p><b>gras</b> <i>penché</i> <span style="font-size: 20px">grand</span> <u>souligné</u></p>',
      ),
    ).toBe("<p><strong>gras</strong> <em>penché</em> grand souligné</p>");
    expect(normaliseRichText("<h2>Caractéristiques</h2><blockquote>Garanti 10 ans</blockquote>")).toBe(
      "<p>Caractéristiques</p><p>Garanti 10 ans</p>",
    );
    // The engine's placeholder <br> at the end of a line shows nothing.
    expect(normaliseRichText("<p>fin<br></p><ul><li>un<br></li></ul>")).toBe(
      "<p>fin</p><ul><li>un</li></ul>",
    );
    // A block inside a line is a line of its own.
    expect(normaliseRichText("<p><b><div>un</div>deux</b></p>")).toBe("<p><strong>un<br>deux</strong></p>");
  });

  it("gives an empty string for an emptied editor", () => {
    for (const html of [
      "",
      "<br>",
      "<p><br></p>",
      "<div><br></div>",
      " \n ",
      "<p>&nbsp;</p>",
      "<ul><li></li></ul>",
    ])
      expect(normaliseRichText(html), html).toBe("");
  });

  it("drops scripts, styles, images and event handlers, and keeps the text around them", () => {
    expect(
      normaliseRichText(
        '<script>alert("<p>x</p>")</script><style>p { color: red }</style><p onclick="alert(1)">Texte<img src="x" onerror="alert(1)"></p><svg><text>svg</text></svg><!-- note -->',
      ),
    ).toBe("<p>Texte</p>");
  });

  it("keeps a link only for a web, e-mail or phone address, however the scheme is disguised", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "java&#x09;script:alert(1)",
      "&#106;avascript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "/produit/42",
    ])
      expect(normaliseRichText(`<a href="${href}">lien</a>`), href).toBe("<p>lien</p>");
    expect(
      normaliseRichText("<a title='t' href=' https://exemple.fr/a?b=1&c=2 ' target=_blank>site</a>"),
    ).toBe('<p><a href="https://exemple.fr/a?b=1&amp;c=2">site</a></p>');
    expect(normaliseRichText('<a href="https://a.fr"><a href="https://b.fr">dedans</a></a>')).toBe(
      '<p><a href="https://a.fr">dedans</a></p>',
    );
  });

  it("escapes what is text", () => {
    expect(normaliseRichText("3 < 5 & 7 > 2 &amp; &lt;b&gt; &eacute;")).toBe(
      "<p>3 &lt; 5 &amp; 7 &gt; 2 &amp; &lt;b&gt; &eacute;</p>",
    );
    expect(normaliseRichText('<p title="a>b">x</p><a href="https://a.fr">unclosed')).toBe(
      '<p>x</p><p><a href="https://a.fr">unclosed</a></p>',
    );
  });

  const fragment = fc.oneof(
    fc.constantFrom(
      ..."<p> </p> <div> </div> <b> </b> <strong> </strong> <i> </i> <em> </em> <u> </u> <span> </span> <ul> </ul> <ol> </ol> <li> </li> <br> <br/> <h2> </h2> <blockquote> </blockquote> </a> <table> <td> <script> </script> <style> </style> <svg> </svg> <!-- -->".split(
        " ",
      ),
      '<a href="https://exemple.fr/?a=1&amp;b=2">',
      '<a href="mailto:a@exemple.fr">',
      '<a href="javascript:alert(1)">',
      "<a href=java&#x09;script:x>",
      '<span style="color:red" onclick="x">',
      '<img src="x" onerror="alert(1)">',
      "&amp;",
      "&nbsp;",
      "&lt;",
      "<",
      ">",
      "&",
      '"',
      "\n",
    ),
    fc.string({ maxLength: 8 }),
  );
  const html = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(""));

  it("writes only the allowed tags, <a> with its href alone", () => {
    fc.assert(
      fc.property(html, (input) => {
        for (const tag of tagsOf(normaliseRichText(input))) {
          const [, name, rest] = /^<\/?([a-z]+)(.*)>$/.exec(tag) ?? [];
          expect(RICH_TEXT_TAGS, tag).toContain(name);
          if (rest) expect(name === "a" && /^ href="[^"<>]*"$/.test(rest), tag).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("changes nothing the second time", () => {
    fc.assert(
      fc.property(html, (input) => {
        const once = normaliseRichText(input);
        expect(normaliseRichText(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("writes nothing the server's sanitizer would strip", () => {
    const shape = (tags: string[]) =>
      tags.map((tag) =>
        tag
          .replace(/ rel="[^"]*"/, "")
          .replace(/ href="[^"]*"/, " href")
          .replace(" />", ">"),
      );
    fc.assert(
      fc.property(html, (input) => {
        const once = normaliseRichText(input);
        expect(shape(tagsOf(sanitizeDescription(once)))).toEqual(shape(tagsOf(once)));
      }),
      { numRuns: 300 },
    );
  });
});

describe("linkHref", () => {
  it("takes a web or e-mail address", () => {
    expect(linkHref("  https://www.exemple.fr/fiche ")).toEqual({ href: "https://www.exemple.fr/fiche" });
    expect(linkHref("http://exemple.fr")).toEqual({ href: "http://exemple.fr/" });
    expect(linkHref("mailto:contact@exemple.fr")).toEqual({ href: "mailto:contact@exemple.fr" });
  });

  it("refuses anything else, in French", () => {
    expect(linkHref(" ")).toEqual({ message: RICH_TEXT_MESSAGES.linkEmpty });
    for (const typed of [
      "www.exemple.fr",
      "exemple.fr",
      "/produit/42",
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://exemple.fr",
      "tel:0494000000",
      "mailto:",
      "https://",
    ])
      expect(linkHref(typed), typed).toEqual({ message: RICH_TEXT_MESSAGES.linkInvalid });
    expect(RICH_TEXT_MESSAGES.linkInvalid).toBe(
      "Saisissez une adresse web complète (https://…) ou une adresse e-mail précédée de «\u00a0mailto:\u00a0».",
    );
  });
});

describe("pastedText", () => {
  it("takes the clipboard's plain text, never its markup", () => {
    const copied = clipboard({
      "text/html": '<p style="color:red"><b>Gras</b> <script>x</script></p>',
      "text/plain": "Gras\r\nligne 2\rligne 3\u0000\u0007\tfin",
    });
    expect(pastedText(copied)).toBe("Gras\nligne 2\nligne 3\tfin");
    expect(pastedText(clipboard({ "text/html": "<b>que du HTML</b>" }))).toBe("");
    expect(pastedText(null)).toBe("");
  });
});
