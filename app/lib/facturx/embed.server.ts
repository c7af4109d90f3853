import {
  type DocumentBody,
  type DocumentFrame,
  type PdfAttachment,
  renderDocumentPdf,
} from "#app/lib/pdf/document.server.ts";
import { EN16931_GUIDELINE } from "./facturx.ts";

/*
 * A Factur-X invoice: the PDF the engine draws (app/lib/pdf, decision 012), declared
 * PDF/A-3b, with the CII XML embedded as « factur-x.xml » (/AFRelationship /Alternative,
 * listed in the catalog's /AF) and the Factur-X extension schema in its XMP metadata
 * (decision 017). Factur-X 1.0 names these; a reader finds the XML by them.
 */

/** The name Factur-X gives the embedded XML. */
export const FACTURX_FILE_NAME = "factur-x.xml";
/** The namespace of Factur-X's XMP properties (prefix fx). */
export const FACTURX_XMP_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";
/** fx:ConformanceLevel of the EN 16931 profile. */
export const FACTURX_CONFORMANCE_LEVEL = "EN 16931";
/** fx:Version of the Factur-X XMP schema (1.0 for every Factur-X 1.0x). */
export const FACTURX_XMP_VERSION = "1.0";

const PROPERTIES = [
  ["DocumentFileName", "Name of the embedded XML invoice file"],
  ["DocumentType", "INVOICE"],
  ["Version", "Version of the Factur-X XML schema"],
  ["ConformanceLevel", "Conformance level of the embedded Factur-X data"],
] as const;

/**
 * The XMP that PDF/A-3 asks for a schema outside its predefined ones: the values of the
 * fx: properties, and the pdfaExtension description of the fx schema itself.
 */
export function facturxXmp(): string {
  const property = ([name, description]: (typeof PROPERTIES)[number]) =>
    [
      `            <rdf:li rdf:parseType="Resource">`,
      `              <pdfaProperty:name>${name}</pdfaProperty:name>`,
      `              <pdfaProperty:valueType>Text</pdfaProperty:valueType>`,
      `              <pdfaProperty:category>external</pdfaProperty:category>`,
      `              <pdfaProperty:description>${description}</pdfaProperty:description>`,
      `            </rdf:li>`,
    ].join("\n");
  return [
    `<rdf:Description rdf:about="" xmlns:fx="${FACTURX_XMP_NAMESPACE}">`,
    `  <fx:DocumentType>INVOICE</fx:DocumentType>`,
    `  <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>`,
    `  <fx:Version>${FACTURX_XMP_VERSION}</fx:Version>`,
    `  <fx:ConformanceLevel>${FACTURX_CONFORMANCE_LEVEL}</fx:ConformanceLevel>`,
    `</rdf:Description>`,
    `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">`,
    `  <pdfaExtension:schemas>`,
    `    <rdf:Bag>`,
    `      <rdf:li rdf:parseType="Resource">`,
    `        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>`,
    `        <pdfaSchema:namespaceURI>${FACTURX_XMP_NAMESPACE}</pdfaSchema:namespaceURI>`,
    `        <pdfaSchema:prefix>fx</pdfaSchema:prefix>`,
    `        <pdfaSchema:property>`,
    `          <rdf:Seq>`,
    ...PROPERTIES.map(property),
    `          </rdf:Seq>`,
    `        </pdfaSchema:property>`,
    `      </rdf:li>`,
    `    </rdf:Bag>`,
    `  </pdfaExtension:schemas>`,
    `</rdf:Description>`,
  ].join("\n");
}

/** The embedded file: the XML's UTF-8 bytes, as the alternative form of the document. */
export function facturxAttachment(xml: string): PdfAttachment {
  return {
    name: FACTURX_FILE_NAME,
    bytes: new TextEncoder().encode(xml),
    mimeType: "text/xml",
    relationship: "Alternative",
    description: "Factur-X invoice (EN 16931)",
  };
}

/** A frame as a Factur-X invoice needs it: the engine's, without what this module sets. */
export type FacturxFrame = Omit<DocumentFrame, "pdfA" | "attachments" | "xmpExtra">;

/**
 * Renders an invoice as Factur-X: `renderDocumentPdf` with PDF/A-3b, `xml` embedded as
 * factur-x.xml and the Factur-X XMP. `xml` is what `buildFacturxXml` returned; anything
 * else is refused. Deterministic, as the engine is: the same frame, body and XML give
 * the same bytes.
 */
export function renderFacturxPdf(
  frame: FacturxFrame,
  body: (content: DocumentBody) => void | Promise<void>,
  xml: string,
): Promise<Buffer> {
  if (
    !xml.startsWith("<?xml") ||
    !xml.includes("<rsm:CrossIndustryInvoice") ||
    !xml.includes(EN16931_GUIDELINE)
  ) {
    throw new Error("Le XML à joindre n'est pas une facture CII au profil EN 16931.");
  }
  return renderDocumentPdf(
    { ...frame, pdfA: true, attachments: [facturxAttachment(xml)], xmpExtra: facturxXmp() },
    body,
  );
}
