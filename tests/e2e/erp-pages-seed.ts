import { asc } from "drizzle-orm";
import { quoteLibraryItems } from "#app/db/schema/quotes.ts";
import { shopProducts } from "#app/db/schema/shop.ts";
import { supplierInvoiceLines, supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { addCompanyDocument } from "#app/features/documents/company-documents.server.ts";
import { createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { createJobSiteFromQuote } from "#app/features/job-sites/write.server.ts";
import { createOrder } from "#app/features/purchases/orders.server.ts";
import { createSubcontract } from "#app/features/purchases/subcontracts.server.ts";
import { createSupplier } from "#app/features/purchases/suppliers.server.ts";
import { quoteLotBudgets } from "#app/features/quotes/lot-budget.ts";
import { getQuote } from "#app/features/quotes/quotes.server.ts";
import type { RecordOwner } from "#app/features/record-files/record-files.ts";
import { checkRecordFiles, storeRecordFiles } from "#app/features/record-files/upload.server.ts";
import { createEmployee } from "#app/features/time-sheets/employees.server.ts";
import { seedDemoContent } from "#server/seed.ts";
import { billingSteps, fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { attachPhoto, insertQuoteRequest, jpeg } from "#tests/helpers/leads.ts";
import { filledDraftQuote, insertClient } from "#tests/helpers/quotes.ts";
import { placeTestOrder, STORE_ID } from "#tests/helpers/shop.ts";
import { runOwnerSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/erp-pages-seed.ts <dataDir> <owner e-mail> <password>`: fills a fresh
 * data directory, before a server opens it, with one record of each kind an Espace Pro
 * page shows (a request with a photo, a client, a draft and an accepted quote, an issued
 * and paid invoice and a draft one, a job site, a shop order, an uploaded plan on the documents
 * page of the client, the site and the supplier), through the shared test helpers, and
 * prints their ids as JSON (erp-phone.spec.ts opens every page with them). The names are
 * long on purpose, as real ones are: a phone must wrap them, not scroll sideways.
 */

await runOwnerSeed("erp-pages-seed.ts", async ({ handle, services, owner }) => {
  await seedDemoContent(handle.db, { storeId: STORE_ID });
  const actor = { id: owner.id, email: owner.email };
  await fillInvoiceSettings(handle.db);

  const client = {
    kind: "entreprise" as const,
    name: "Syndicat des copropriétaires de la Résidence Les Terrasses du Mourillon",
    legalName: "Syndicat des copropriétaires de la Résidence Les Terrasses du Mourillon",
    siren: "732829320",
    email: "gestion.copropriete.terrasses-du-mourillon@cabinet-administrateur-de-biens.fr",
    billingStreet: "1450 avenue du Maréchal Jean-Marie-Gabriel de Lattre de Tassigny",
    billingPostalCode: "83000",
    billingCity: "Toulon",
  };
  const leadId = await insertQuoteRequest(handle.db, {
    nom: "Marie-Christine Delacroix-Fontaine",
    email: "marie-christine.delacroix-fontaine@residence-terrasses-mourillon.fr",
    message:
      "Ravalement complet de la façade côté mer (environ 420 m²), reprise des fissures et des nez de balcon, puis peinture pliolite. https://www.residence-terrasses-mourillon.fr/documents/assemblee-generale-2026/proces-verbal-resolution-12.pdf",
  });
  await attachPhoto(handle.db, services.storage, leadId, await jpeg(1200, 900), "facade-cote-mer.jpg");

  const steps = billingSteps(services, actor);
  const acceptedQuoteId = await steps.acceptedQuote(client);
  const issuedInvoiceId = await steps.invoice(acceptedQuoteId, {
    kind: "acompte",
    deposit: { kind: "percent", basisPoints: 3000 },
  });
  await steps.pay(issuedInvoiceId, 10_000);
  const { id: draftInvoiceId } = await createInvoiceDraft(
    handle.db,
    acceptedQuoteId,
    { kind: "solde" },
    actor,
  );

  // The invoiced quote's job site: its page shows the lots' budget.
  const jobSite = await createJobSiteFromQuote(handle.db, actor, acceptedQuoteId, quoteLotBudgets);

  // The client of the invoiced quote: its page lists a quote and two invoices.
  const { clientId } = (await getQuote(handle.db, acceptedQuoteId)).quote;
  const otherClientId = await insertClient(handle.db, { ...client, email: `autre.${client.email}` });
  const draftQuoteId = await filledDraftQuote(handle.db, actor, otherClientId);

  const order = await placeTestOrder(handle.db, {
    fulfilment: "delivery",
    name: client.name,
    email: client.email,
  });
  const [item] = await handle.db
    .select({ id: quoteLibraryItems.id })
    .from(quoteLibraryItems)
    .orderBy(asc(quoteLibraryItems.designation))
    .limit(1);
  const [product] = await handle.db
    .select({ id: shopProducts.id })
    .from(shopProducts)
    .orderBy(asc(shopProducts.id))
    .limit(1);
  if (!item || !product) throw new Error("bibliothèque ou catalogue de démonstration vide");

  // An employee of the time sheets' register, with every field filled (the longest page).
  const employee = await createEmployee(handle.db, actor, {
    lastName: "Fernandes-Delacroix",
    firstName: "Jean-Baptiste",
    qualification: "Chef d'équipe maçonnerie",
    coefficient: 230,
    contractKind: "temps_plein",
    weeklyMinutes: 39 * 60,
    hireDate: "2019-09-02",
    leaveDate: null,
    loadedHourlyCostCents: 4250,
    homeStreet: "128 avenue de la République",
    homePostalCode: "83500",
    homeCity: "La Seyne-sur-Mer",
    userId: null,
    notes: "Permis C, CACES R482 catégorie A.",
  });

  // A subcontractor of the Achats register, with every field and two contacts (the longest page).
  const supplier = await createSupplier(handle.db, actor, {
    kind: "sous_traitant",
    legalName: "Société Méditerranéenne d'Étanchéité et de Couverture SARL",
    siren: "912345675",
    vatNumber: "FR65912345675",
    street: "Zone d'activités de la Grande Tourrache, 245 chemin des Plantades",
    postcode: "83130",
    city: "La Garde",
    country: "FR",
    email: "administration.comptabilite@etancheite-mediterranee.test",
    phone: "04 94 12 34 56",
    paymentTermsDays: 45,
    paymentTermsEndOfMonth: true,
    iban: "FR7630006000011234567890189",
    bic: "AGRIFRPP883",
    defaultVatCode: "autoliquidation",
    trade: "Étanchéité, couverture et bardage",
    notes: "Attestation de vigilance demandée le 3 novembre.",
    contacts: [
      {
        name: "Marie-Hélène Castellani-Bernardini",
        role: "Conductrice de travaux",
        email: "marie-helene.castellani-bernardini@etancheite-mediterranee.test",
        phone: "06 12 34 56 78",
      },
      { name: "Service comptable", role: "Comptabilité", email: null, phone: "04 94 12 34 57" },
    ],
  });

  // A subcontract over the vigilance threshold, let through by the owner (no document yet).
  const subcontract = await createSubcontract(
    handle.db,
    { ...actor, role: "owner" },
    {
      supplierId: supplier.id,
      jobSiteId: jobSite.id,
      lotId: null,
      scope:
        "Reprise complète de l'étanchéité de la toiture-terrasse et des relevés, avec bardage du local technique",
      priceHt: 1_250_000,
      startOn: "2026-12-01",
      endOn: "2027-01-31",
      signedOn: null,
      reverseCharge: true,
    },
    {
      overrideReason: "Attestations demandées le 3 novembre, reçues par courrier, en cours de numérisation.",
    },
  );
  // A supplier invoice of that subcontractor, read from its e-invoice, with an EN 16931 problem.
  const [supplierInvoice] = await handle.db
    .insert(supplierInvoices)
    .values({
      supplierId: supplier.id,
      number: "FA-SMEC-2026-000481",
      issueDate: "2026-10-05",
      dueDate: "2026-11-04",
      orderReference: "BC-2026-0012",
      netCents: 1_254_300,
      vatCents: 0,
      grossCents: 1_254_300,
      dueCents: 1_254_300,
      reverseCharge: true,
      source: "einvoice",
      format: "ubl",
      problems: [
        { rule: "BR-CO-15", message: "Le total TTC ne correspond pas au total HT augmenté de la TVA." },
      ],
      vatBreakdown: [{ category: "AE", rateBp: 0, baseCents: 1_254_300, vatCents: 0 }],
      originalStorageKey: "factures-fournisseurs/2026/10/seed.xml",
      originalContentType: "application/xml",
      originalFileName: "FA-SMEC-2026-000481-etancheite-toiture-terrasse.xml",
      originalSha256: "c".repeat(64),
    })
    .returning({ id: supplierInvoices.id });
  const supplierInvoiceId = supplierInvoice?.id ?? "";
  await handle.db.insert(supplierInvoiceLines).values({
    invoiceId: supplierInvoiceId,
    position: 0,
    reference: "ETA-TT-BICOUCHE-ELASTOMERE-SBS",
    designation: "Étanchéité bicouche élastomère SBS sous protection lourde, relevés et costières compris",
    quantity: "142.5",
    quantityMilli: 142_500,
    unit: "MTK",
    unitPrice: "88.02",
    netCents: 1_254_300,
    vatRateBp: 0,
    vatCategory: "AE",
  });
  // A purchase order to that subcontractor for the site, in draft, with long lines.
  const purchaseOrder = await createOrder(handle.db, actor, {
    supplierId: supplier.id,
    jobSiteId: jobSite.id,
    lotId: null,
    deliveryPlace: "chantier",
    wantedOn: "2026-12-15",
    notes: "Livraison avant 10 h : accès par le portail arrière, grue auxiliaire sur place.",
    lines: [
      {
        reference: "MEMB-EPDM-1.5",
        designation: "Membrane EPDM 1,5 mm en rouleau de 20 m², avec colle de contact et bande de rive",
        unit: "rouleau",
        quantity: 6000,
        unitPrice: 41_990,
        vatCode: "20",
      },
      {
        reference: "",
        designation: "Livraison sur chantier",
        unit: "forfait",
        quantity: 1000,
        unitPrice: 6500,
        vatCode: "20",
      },
    ],
  });

  // A renewed décennale of the compliance register: its page shows the earlier version.
  const pdf = (name: string) =>
    new File([new Uint8Array(Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"))], name, {
      type: "application/pdf",
    });
  const decennale = {
    kind: "decennale" as const,
    label: "",
    issuer: "Société Mutuelle d'Assurance du Bâtiment et des Travaux Publics (SMABTP), agence de Toulon",
    number: "DEC-2026-000118-TOULON-MOURILLON",
    issuerAddress: "8 rue Louis Armand, 75015 Paris",
    coverage: "France métropolitaine",
    notes:
      "Couvre la maçonnerie, le gros œuvre, l'étanchéité des toitures-terrasses et le ravalement de façades.",
    replacesId: null,
  };
  const firstDecennale = await addCompanyDocument(
    { db: handle.db, storage: services.storage },
    actor,
    { ...decennale, validFrom: "2025-01-01", validUntil: "2025-12-31" },
    pdf("attestation-decennale-smabtp-2025-batirade-toulon.pdf"),
  );
  const companyDocument = await addCompanyDocument(
    { db: handle.db, storage: services.storage },
    actor,
    { ...decennale, validFrom: "2026-01-01", validUntil: "2026-12-31" },
    pdf("attestation-decennale-smabtp-2026-batirade-toulon.pdf"),
  );
  if (!firstDecennale.ok || !companyDocument.ok) throw new Error("décennale du registre non enregistrée");

  // One uploaded file on each record's documents page, with the long names real plans have.
  const recordFile = async (owner: RecordOwner, name: string) => {
    const checked = await checkRecordFiles([pdf(name)]);
    if (!checked.ok) throw new Error(checked.message);
    await storeRecordFiles({ db: handle.db, storage: services.storage }, owner, actor, "plan", checked.files);
  };
  await recordFile(
    { type: "chantier", id: jobSite.id },
    "plan-de-facade-cote-mer-residence-les-terrasses-du-mourillon-niveau-R+3-indice-C-2026-11.pdf",
  );
  await recordFile(
    { type: "client", id: clientId },
    "releve-de-copropriete-et-reglement-interieur-residence-les-terrasses-du-mourillon.pdf",
  );
  await recordFile(
    { type: "fournisseur", id: supplier.id },
    "fiche-technique-membrane-EPDM-1,5-mm-avis-technique-CSTB-5.2-24-2987-etancheite.pdf",
  );

  return {
    companyDocumentId: companyDocument.id,
    purchaseOrderId: purchaseOrder.id,
    leadId,
    clientId,
    draftQuoteId,
    acceptedQuoteId,
    issuedInvoiceId,
    draftInvoiceId,
    orderId: order.id,
    jobSiteId: jobSite.id,
    employeeId: employee.id,
    supplierId: supplier.id,
    subcontractId: subcontract.id,
    supplierInvoiceId,
    libraryItemId: item.id,
    productId: product.id,
  };
});
