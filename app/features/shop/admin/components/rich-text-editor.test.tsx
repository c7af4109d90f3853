import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "#tests/helpers/html.ts";
import { normaliseRichText } from "../rich-text.ts";
import { RichTextEditor } from "./rich-text-editor.tsx";

/*
 * What the server sends, before hydration: the tests run in Node, without a DOM, so the
 * editing itself (typing, paste, the link box) is proven through the functions its
 * handlers call (../rich-text.test.ts), and in a browser by the end-to-end tests.
 */

type Tag = { name: string; attributes: Record<string, string>; inner: string };

function render(element: ReactElement) {
  const html = renderToString(element).replaceAll("<!-- -->", "");
  /** Every element with this tag name, its attributes decoded (and what follows its opening tag). */
  const all = (name: string): Tag[] =>
    [...html.matchAll(new RegExp(`<${name}\\b((?:[^>"]|"[^"]*")*)>`, "g"))].map((match) => ({
      name,
      attributes: Object.fromEntries(
        [...(match[1] ?? "").matchAll(/([\w-:]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [
          (key ?? "").toLowerCase(),
          decodeHtml(value ?? ""),
        ]),
      ),
      inner: html.slice((match.index ?? 0) + match[0].length),
    }));
  const byRole = (role: string) => {
    const found = all("div").find((tag) => tag.attributes.role === role);
    if (!found) throw new Error(`role="${role}" absent de ${html}`);
    return found;
  };
  /** The text of the element with this id, tags removed. */
  const textOf = (id: string) => {
    const match = new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
    if (!match) throw new Error(`#${id} absent de ${html}`);
    return decodeHtml((match[2] ?? "").replace(/<[^>]+>/g, ""));
  };
  return { html, all, byRole, textOf };
}

const SAVED =
  '<p>Peinture <strong>mate</strong> pour <a href="https://exemple.fr/">murs</a>.</p><ul><li>10 L</li></ul>';

describe("RichTextEditor", () => {
  it("is a multi-line textbox named by its label, with a toolbar named in French", () => {
    const page = render(
      <RichTextEditor id="description" name="description" label="Description" defaultValue="" />,
    );
    const textbox = page.byRole("textbox");
    expect(textbox.attributes).toMatchObject({ id: "description", "aria-multiline": "true" });
    expect(page.textOf(textbox.attributes["aria-labelledby"] ?? "")).toBe("Description");
    const toolbar = page.byRole("toolbar");
    expect(toolbar.attributes["aria-label"]).toBe("Mise en forme\u00a0: Description");
    expect(toolbar.attributes["aria-controls"]).toBe("description");
    // Without a hint nor an error, nothing describes it and it is not invalid.
    expect(textbox.attributes["aria-describedby"]).toBeUndefined();
    expect(textbox.attributes["aria-invalid"]).toBeUndefined();
  });

  it("names every button in French, says which are pressed, and makes them 44 px buttons that post nothing", () => {
    const buttons = render(<RichTextEditor name="description" label="Description" defaultValue="" />).all(
      "button",
    );
    expect(buttons.map((button) => button.attributes["aria-label"])).toEqual([
      "Gras",
      "Italique",
      "Liste à puces",
      "Liste numérotée",
      "Lien",
      "Effacer la mise en forme",
    ]);
    expect(buttons.map((button) => button.attributes["aria-pressed"])).toEqual([
      "false",
      "false",
      "false",
      "false",
      "false",
      undefined,
    ]);
    for (const button of buttons) {
      // type="button": a click formats the text, it does not post the product form.
      expect(button.attributes.type).toBe("button");
      expect(button.attributes.class).toContain("size-11");
      // The icon is decoration: the name is the aria-label.
      expect(button.inner).toMatch(/^<svg[^>]*aria-hidden="true"/);
    }
    expect(buttons[0]?.attributes["aria-keyshortcuts"]).toBe("Control+B");
    // One tab stop for the whole toolbar: the arrows move inside it.
    expect(buttons.map((button) => button.attributes.tabindex)).toEqual(["0", "-1", "-1", "-1", "-1", "-1"]);
  });

  it("is described by its hint then its error, shown under it as the other fields", () => {
    const page = render(
      <RichTextEditor
        id="description"
        name="description"
        label="Description"
        defaultValue=""
        description="Visible sur la fiche du produit."
        error="La description est trop longue."
      />,
    );
    const textbox = page.byRole("textbox");
    expect(textbox.attributes["aria-invalid"]).toBe("true");
    expect(textbox.attributes["aria-describedby"]).toBe("description-aide description-erreur");
    expect(page.textOf("description-aide")).toBe("Visible sur la fiche du produit.");
    expect(page.textOf("description-erreur")).toBe("La description est trop longue.");
    expect(page.html.indexOf('id="description-erreur"')).toBeGreaterThan(page.html.indexOf('role="textbox"'));
  });

  it("posts the saved description unchanged before any edit, and shows it in the area", () => {
    const page = render(<RichTextEditor name="description" label="Description" defaultValue={SAVED} />);
    const hidden = page.all("input").filter((input) => input.attributes.type === "hidden");
    expect(hidden).toHaveLength(1);
    expect(hidden[0]?.attributes).toMatchObject({ name: "description", value: SAVED });
    expect(page.byRole("textbox").inner.startsWith(`${SAVED}</div>`)).toBe(true);
  });

  it("before hydration: read-only, its buttons disabled, as nothing would be saved", () => {
    const page = render(<RichTextEditor name="description" label="Description" defaultValue={SAVED} />);
    expect(page.byRole("textbox").attributes).toMatchObject({
      contenteditable: "false",
      "aria-readonly": "true",
      tabindex: "0",
    });
    for (const button of page.all("button")) expect(button.attributes.disabled).toBe("");
  });

  it("shows a description from elsewhere tidied, but posts it as it came", () => {
    const foreign =
      '<h3>Titre</h3><p onclick="alert(1)">Texte<img src="x" onerror="alert(1)"></p><script>alert(1)</script>';
    const page = render(<RichTextEditor name="description" label="Description" defaultValue={foreign} />);
    expect(page.byRole("textbox").inner.startsWith("<p>Titre</p><p>Texte</p></div>")).toBe(true);
    // Nothing of it runs in the staff's page: its markup is only in the hidden input's value.
    expect(page.html.replace(/<input type="hidden"[^>]*>/, "")).not.toMatch(/<script|<img|onclick|onerror/);
    const hidden = page.all("input").find((input) => input.attributes.type === "hidden");
    expect(hidden?.attributes.value).toBe(foreign);
    // What an edit posts then is the area's HTML, tidied the same way.
    expect(normaliseRichText(foreign)).toBe("<p>Titre</p><p>Texte</p>");
  });

  it("gives each editor of a page its own ids", () => {
    const page = render(
      <>
        <RichTextEditor name="short" label="Accroche" defaultValue="" />
        <RichTextEditor name="long" label="Description" defaultValue="" />
      </>,
    );
    const [first, second] = page.all("div").filter((tag) => tag.attributes.role === "textbox");
    expect(first?.attributes.id).toBeTruthy();
    expect(first?.attributes.id).not.toBe(second?.attributes.id);
    expect(page.textOf(second?.attributes["aria-labelledby"] ?? "")).toBe("Description");
  });
});
