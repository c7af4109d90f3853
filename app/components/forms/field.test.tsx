import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  CheckboxField,
  DateField,
  EmailField,
  FileField,
  MoneyField,
  NumberField,
  PhoneField,
  RadioGroupField,
  SelectField,
  TextareaField,
  TextField,
} from "./field.tsx";
import { FormAlert } from "./form-alert.tsx";

/** The HTML, and a way to find an element's attributes by id or by tag. */
function render(element: React.ReactElement) {
  // React separates adjacent texts with `<!-- -->`: not part of what a browser reads.
  const html = renderToString(element).replaceAll("<!-- -->", "");
  const attributesOf = (tag: string) => {
    const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
    if (!match) throw new Error(`<${tag}> absent de ${html}`);
    return Object.fromEntries(
      [...(match[1] ?? "").matchAll(/([\w-:]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
        // HTML attribute names are case-insensitive; React writes `inputMode`, `autoComplete`.
        (name ?? "").toLowerCase(),
        value ?? "",
      ]),
    );
  };
  /** The text inside the element with this id (tags removed). */
  const textOf = (id: string) => {
    const match = new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
    return match ? (match[2] ?? "").replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'") : undefined;
  };
  return { html, attributesOf, textOf };
}

describe("Field", () => {
  it("ties the label to the control, and describes it by its hint then its error", () => {
    const { attributesOf, textOf } = render(
      <TextField
        name="user_name"
        label="Nom et prénom"
        required
        hint="Tel qu'il figurera sur le devis."
        errors="Le nom/prénom est requis."
      />,
    );
    const input = attributesOf("input");
    const label = attributesOf("label");
    expect(input.id).toBeTruthy();
    expect(label.for).toBe(input.id);
    expect(input.name).toBe("user_name");
    expect(input.type).toBe("text");
    expect(input.required).toBe("");
    expect(input["aria-invalid"]).toBe("true");
    const described = (input["aria-describedby"] ?? "").split(" ");
    expect(described).toEqual([`${input.id}-aide`, `${input.id}-erreur`]);
    expect(textOf(described[0] ?? "")).toBe("Tel qu'il figurera sur le devis.");
    expect(textOf(described[1] ?? "")).toBe("Le nom/prénom est requis.");
  });

  it("shows « * » hidden from screen readers after a required field's label, and no mark when asked", () => {
    const marked = render(<TextField name="nom" label="Nom et prénom" required />).html;
    expect(marked).toMatch(/Nom et prénom <span aria-hidden="true"[^>]*>\*<\/span><\/label>/);
    const plain = render(
      <TextField name="password" type="password" label="Mot de passe" required requiredMark={false} />,
    );
    expect(plain.html).not.toContain("*");
    expect(plain.attributesOf("input").required).toBe("");
    expect(plain.attributesOf("input").type).toBe("password");
  });

  it("without errors nor hint: no aria-invalid, no aria-describedby, no error element", () => {
    const { html, attributesOf } = render(<TextField id="town" name="town" label="Commune" />);
    const input = attributesOf("input");
    expect(input.id).toBe("town");
    expect(input["aria-invalid"]).toBeUndefined();
    expect(input["aria-describedby"]).toBeUndefined();
    expect(input.required).toBeUndefined();
    expect(html).not.toContain("town-erreur");
  });

  it("lists several messages in the one error element", () => {
    const { attributesOf, textOf } = render(
      <EmailField id="email" name="email" label="E-mail" errors={["Premier.", "Second."]} />,
    );
    expect(attributesOf("input")["aria-describedby"]).toBe("email-erreur");
    expect(textOf("email-erreur")).toBe("Premier.Second.");
  });

  it("keeps ids and aria-describedby the form gives", () => {
    const { attributesOf } = render(
      <TextField id="nom" name="nom" label="Nom" aria-describedby="compteur" errors="Requis." />,
    );
    expect(attributesOf("input")["aria-describedby"]).toBe("compteur nom-erreur");
  });
});

describe("kinds of field", () => {
  it("e-mail, phone, number and date have their types and keyboards", () => {
    expect(render(<EmailField name="email" label="E-mail" />).attributesOf("input")).toMatchObject({
      type: "email",
      inputmode: "email",
      autocomplete: "email",
    });
    expect(render(<PhoneField name="phone" label="Téléphone" />).attributesOf("input")).toMatchObject({
      type: "tel",
      inputmode: "tel",
      autocomplete: "tel",
    });
    expect(render(<NumberField name="n" label="Nombre" min={1} />).attributesOf("input")).toMatchObject({
      type: "number",
      min: "1",
    });
    expect(render(<DateField name="day" label="Jour" />).attributesOf("input").type).toBe("date");
    // The form may override a default (a staff form does not want the browser's autofill).
    expect(
      render(<PhoneField name="phone" label="Téléphone" autoComplete="off" />).attributesOf("input"),
    ).toMatchObject({ autocomplete: "off" });
  });

  it("money: a text input with the decimal keypad, « € » after it and read with it", () => {
    const { attributesOf, textOf } = render(
      <MoneyField
        id="prix"
        name="unitPrice"
        label="Prix unitaire HT"
        defaultValue="1 234,56"
        errors="Deux décimales au plus."
      />,
    );
    const input = attributesOf("input");
    expect(input).toMatchObject({ type: "text", inputmode: "decimal", value: "1 234,56" });
    const [unit, error] = (input["aria-describedby"] ?? "").split(" ");
    expect(textOf(unit ?? "")).toBe("€");
    expect(error).toBe("prix-erreur");
    // An amount in cents is written the way parseMoney reads it back.
    const value = render(<MoneyField name="total" label="Total" defaultCents={123456} />).attributesOf(
      "input",
    ).value;
    expect(value?.replace(/\s/g, " ")).toBe("1 234,56");
  });

  it("select: native, with its empty first choice and the value chosen", () => {
    const { html, attributesOf } = render(
      <SelectField
        id="work_type"
        name="work_type"
        label="Type de travaux"
        required
        placeholder="Choisissez…"
        options={["Extension", { value: "autre", label: "Autre" }]}
        defaultValue="Extension"
        errors="Veuillez sélectionner un type de travaux."
      />,
    );
    expect(attributesOf("select")).toMatchObject({ id: "work_type", "aria-invalid": "true" });
    expect(html).toContain('<option value="">Choisissez…</option>');
    expect(html).toMatch(/<option value="Extension" selected="">Extension<\/option>/);
    expect(html).toContain('<option value="autre">Autre</option>');
  });

  it("textarea and file inputs are wired the same way", () => {
    const text = render(
      <TextareaField id="message" name="message" label="Description" errors="Trop court." />,
    );
    expect(text.attributesOf("textarea")).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "message-erreur",
    });
    const file = render(
      <FileField
        id="photos"
        name="photos"
        label="Photos"
        multiple
        accept=".jpg"
        hint="5 Mo au plus."
        errors="La taille max. par photo est 5MB."
        after={<ul aria-label="Photos ajoutées" />}
      />,
    );
    expect(file.attributesOf("input")).toMatchObject({
      type: "file",
      multiple: "",
      "aria-describedby": "photos-aide photos-erreur",
    });
    expect(file.textOf("photos-erreur")).toBe("La taille max. par photo est 5MB.");
    // What the form adds after the control comes before the error.
    expect(file.html.indexOf("Photos ajoutées")).toBeLessThan(file.html.indexOf('id="photos-erreur"'));
  });

  it("checkbox: its label after it, and the error below", () => {
    const { attributesOf, textOf } = render(
      <CheckboxField id="consent" name="consent" label="J'accepte" required errors="Vous devez accepter." />,
    );
    expect(attributesOf("input")).toMatchObject({
      type: "checkbox",
      id: "consent",
      required: "",
      "aria-invalid": "true",
      "aria-describedby": "consent-erreur",
    });
    expect(attributesOf("label").for).toBe("consent");
    expect(textOf("consent-erreur")).toBe("Vous devez accepter.");
  });

  it("radio group: a fieldset named by its legend, described by its error", () => {
    const { html, attributesOf } = render(
      <RadioGroupField
        name="fulfilment"
        legend="Réception de la commande"
        required
        defaultValue="pickup"
        options={[
          { value: "pickup", label: "Retrait" },
          { value: "delivery", label: "Livraison", description: "Dans le Var." },
        ]}
        errors="Choisissez la livraison ou le retrait."
      />,
    );
    const fieldset = attributesOf("fieldset");
    expect(fieldset["aria-describedby"]).toMatch(/-erreur$/);
    expect(html).toContain(`id="${fieldset["aria-describedby"]}"`);
    expect(html).toMatch(/<legend[^>]*>Réception de la commande <span aria-hidden="true"/);
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="pickup"/);
  });
});

describe("FormAlert", () => {
  it("is a focusable alert, and nothing without a message", () => {
    expect(renderToString(<FormAlert errors={undefined} />)).toBe("");
    const { attributesOf, html } = render(
      <FormAlert title="Échec de la connexion" errors="Veuillez vérifier." />,
    );
    expect(attributesOf("div")).toMatchObject({ role: "alert", tabindex: "-1" });
    expect(html).toContain("<strong>Échec de la connexion</strong> — Veuillez vérifier.");
  });
});
