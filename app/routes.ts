import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { legalPaths, servicePaths } from "./routes/public-paths.ts";

// Every URL of the product. Permanent redirects (/espace-pro, /services/construction,
// /confidentialite, ...) are answered by the server before any rendering; their
// table is `redirects` in ./routes/public-paths.ts.
export default [
  // Public site (prerendered, except /faq which reads the database).
  index("routes/site/home.tsx"),
  route("services", "routes/site/services.tsx"),
  ...servicePaths.map((path) =>
    route(path.slice(1), "routes/site/service-page.tsx", { id: `service-${path.split("/")[2]}` }),
  ),
  route("realisations", "routes/site/realisations.tsx"),
  route("devis", "routes/site/devis.tsx"),
  route("merci", "routes/site/merci.tsx"),
  route("a-propos", "routes/site/a-propos.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("faq", "routes/site/faq.tsx"),
  // The client's page of a sent quote (link e-mailed; noindex, no tracker) and its files.
  route("accord/:token", "routes/site/accord.tsx"),
  route("accord/:token/pdf", "routes/site/accord-pdf.ts"),
  route("accord/:token/copie-signee", "routes/site/accord-pdf.ts", { id: "accord-signed-copy" }),
  // The client's page of a PV de réception to sign (link e-mailed; noindex, no tracker) and its PDF.
  route("reception/:token", "routes/site/reception.tsx"),
  route("reception/:token/pdf", "routes/site/reception-pdf.ts"),
  // Share links (no account; noindex, no-store, no referrer): the company's current attestations
  // and one of their files, and a job site's handover file with its PDF and ZIP.
  route("attestations/:token", "routes/site/attestations.tsx"),
  route("attestations/:token/:documentId", "routes/site/attestation-file.ts"),
  route("dossier/:token", "routes/site/dossier.tsx"),
  route("dossier/:token/dossier.pdf", "routes/site/dossier-file.ts"),
  route("dossier/:token/dossier.zip", "routes/site/dossier-file.ts", { id: "dossier-zip" }),
  ...legalPaths.map((path) =>
    route(path.slice(1), "routes/site/legal-page.tsx", { id: `legal-${path.slice(1)}` }),
  ),

  // Shop.
  route("store", "routes/shop/store.tsx"),
  route("product/:id", "routes/shop/product.tsx"),
  route("images/*", "routes/shop/product-image.ts"),
  route("success", "routes/shop/success.tsx"),
  route("commande", "routes/shop/checkout.tsx"),
  route("commande/confirmation", "routes/shop/order-confirmation.tsx"),
  // The built-in store service (spec section 7, calls 3-5, and checkout).
  ...prefix("api/store/:storeId", [
    route("products", "routes/api/store/products.ts"),
    route("products/:id", "routes/api/store/product.ts"),
    route("variants", "routes/api/store/variants.ts"),
    route("checkout", "routes/api/store/checkout.ts"),
    route("checkout/:orderId/cancel", "routes/api/store/checkout-cancel.ts"),
    route("webhooks/stripe", "routes/api/store/stripe-webhook.ts"),
  ]),

  // Espace Pro: every route checks the session on the server.
  ...prefix("erp", [
    route("login", "routes/erp/login.tsx"),
    route("logout", "routes/erp/logout.tsx"),
    // Files, outside the frame: the PDF of a quote (a draft's preview or a sent version's stored file).
    route("devis/:id/pdf", "routes/erp/devis/pdf.ts"),
    route("devis/:id/copie-signee", "routes/erp/devis/pdf.ts", { id: "erp-quote-signed-copy" }),
    // The signature the client drew when accepting online (PNG), for « Preuve de l'accord ».
    route("devis/:id/signature.png", "routes/erp/devis/signature.ts"),
    route("factures/:id/pdf", "routes/erp/factures/pdf.ts"),
    // A purchase order's PDF (a draft's preview, or the sent one's stored file) and a delivery note's photo.
    route("achats/commandes/:id/pdf", "routes/erp/achats/commandes/pdf.ts"),
    route(
      "achats/commandes/:id/livraisons/:deliveryId/photo",
      "routes/erp/achats/commandes/livraison-photo.ts",
    ),
    // A draft invoice's preview, rendered on each request, never stored.
    route("factures/:id/apercu.pdf", "routes/erp/factures/apercu.ts"),
    // The accountant's export of a period: the sales journal (CSV) and the Factur-X PDFs (ZIP).
    route("factures/export.csv", "routes/erp/factures/export-file.ts"),
    route("factures/export.zip", "routes/erp/factures/export-file.ts", { id: "erp-invoice-export-zip" }),
    // The same for the purchases: the purchases journal (CSV) and the supplier invoices' originals (ZIP).
    route("achats/export.csv", "routes/erp/achats/export-file.ts"),
    route("achats/export.zip", "routes/erp/achats/export-file.ts", { id: "erp-purchase-export-zip" }),
    // The integrity register with its chain, for a spreadsheet (owners only).
    route("parametres/registre.csv", "routes/erp/parametres/registre-csv.ts"),
    // A job site's log: a photo (full size or thumbnail), and the notes its page posts by script (JSON).
    route("chantiers/:id/journal/photos/:photoId", "routes/erp/chantiers/journal-photo.ts"),
    route("chantiers/:id/journal/notes", "routes/erp/chantiers/journal-notes.ts"),
    // The receipt joined to an expense of a job site (« Autres dépenses »).
    route("chantiers/:id/depenses/:expenseId/justificatif", "routes/erp/chantiers/justificatif.ts"),
    // A supplier's document (an attestation, a Kbis…) and a supplier invoice's original file, as uploaded.
    route("achats/fournisseurs/:id/documents/:documentId", "routes/erp/achats/fournisseurs/document-file.ts"),
    route("achats/factures/:id/original", "routes/erp/achats/factures/original.ts"),
    // A file uploaded to a client, a job site or a supplier (inline, or saved with ?telecharger).
    route("clients/:id/documents/:fileId", "routes/erp/clients/fichier.ts"),
    route("chantiers/:id/documents/:fileId", "routes/erp/chantiers/fichier.ts"),
    route("achats/fournisseurs/:id/fichiers/:fileId", "routes/erp/achats/fournisseurs/fichier.ts"),
    // A document of the company's compliance register, as uploaded.
    route("docs/:id/fichier", "routes/erp/docs/fichier.ts"),
    // A job site's PV de réception: its PDF (preview, presented or signed copy) and photos.
    route("chantiers/:id/reception/pdf", "routes/erp/chantiers/reception-pdf.ts", { id: "erp-chantier-pv" }),
    route("chantiers/:id/reception/copie-signee", "routes/erp/chantiers/reception-pdf.ts", {
      id: "erp-chantier-pv-signe",
    }),
    // A job site's handover file (« Dossier de fin de chantier »): one PDF, or a ZIP of its documents.
    route("chantiers/:id/dossier.pdf", "routes/erp/chantiers/dossier-file.ts"),
    route("chantiers/:id/dossier.zip", "routes/erp/chantiers/dossier-file.ts", {
      id: "erp-chantier-dossier-zip",
    }),
    // Pointage: the month's payroll variables for the payroll package (CSV) and its summary (PDF).
    route("temps/paie.csv", "routes/erp/temps/paie-file.ts"),
    route("temps/paie.pdf", "routes/erp/temps/paie-file.ts", { id: "erp-payroll-pdf" }),
    // Address suggestions for the office's address fields (JSON, from the State's geocoding service).
    route("adresse-completion", "routes/erp/adresse-completion.ts"),
    // An employee's hours over a period, for an inspection (PDF).
    route("temps/salaries/:id/releve.pdf", "routes/erp/temps/salaries/releve.ts"),
    layout("routes/erp/layout.tsx", [
      index("routes/erp/dashboard.tsx"),
      route("leads", "routes/erp/leads/index.tsx"),
      route("leads/nouveau", "routes/erp/leads/nouveau.tsx"),
      route("leads/:id", "routes/erp/leads/detail.tsx"),
      route("clients", "routes/erp/clients/index.tsx"),
      route("clients/nouveau", "routes/erp/clients/nouveau.tsx"),
      route("clients/depuis-prospect/:leadId", "routes/erp/clients/depuis-prospect.tsx"),
      route("clients/:id", "routes/erp/clients/detail.tsx"),
      route("clients/:id/modifier", "routes/erp/clients/modifier.tsx"),
      route("clients/:id/documents", "routes/erp/clients/documents.tsx"),
      route("devis", "routes/erp/devis/index.tsx"),
      route("devis/nouveau", "routes/erp/devis/nouveau.tsx"),
      route("devis/bibliotheque", "routes/erp/devis/bibliotheque/index.tsx"),
      route("devis/bibliotheque/nouveau", "routes/erp/devis/bibliotheque/nouveau.tsx"),
      route("devis/bibliotheque/:itemId", "routes/erp/devis/bibliotheque/detail.tsx"),
      route("devis/:id", "routes/erp/devis/detail.tsx"),
      route("factures", "routes/erp/factures/index.tsx"),
      route("factures/export", "routes/erp/factures/export.tsx"),
      route("factures/nouvelle", "routes/erp/factures/nouvelle.tsx"),
      route("factures/:id", "routes/erp/factures/detail.tsx"),
      // The shop's administration (reached from the dashboard and the account menu).
      route("boutique", "routes/erp/boutique/index.tsx"),
      route("boutique/commandes", "routes/erp/boutique/commandes/index.tsx"),
      route("boutique/commandes/:id", "routes/erp/boutique/commandes/detail.tsx"),
      route("boutique/produits", "routes/erp/boutique/produits/index.tsx"),
      route("boutique/produits/:id", "routes/erp/boutique/produits/detail.tsx"),
      route("chantiers", "routes/erp/chantiers/index.tsx"),
      route("chantiers/nouveau", "routes/erp/chantiers/nouveau.tsx"),
      route("chantiers/planning", "routes/erp/chantiers/planning.tsx"),
      route("chantiers/:id", "routes/erp/chantiers/detail.tsx"),
      route("chantiers/:id/modifier", "routes/erp/chantiers/modifier.tsx"),
      route("chantiers/:id/documents", "routes/erp/chantiers/documents.tsx"),
      route("mes-chantiers", "routes/erp/mes-chantiers/index.tsx"),
      route("mes-chantiers/:id", "routes/erp/mes-chantiers/detail.tsx"),
      route("chantiers/:id/reception", "routes/erp/chantiers/reception.tsx"),
      route("chantiers/:id/journal", "routes/erp/chantiers/journal.tsx"),
      route("chantiers/:id/dossier", "routes/erp/chantiers/dossier.tsx"),
      // Achats: the register of suppliers and subcontractors (orders and invoices come next).
      route("achats", "routes/erp/achats/index.tsx"),
      route("achats/fournisseurs/nouveau", "routes/erp/achats/fournisseurs/nouveau.tsx"),
      route("achats/fournisseurs/:id", "routes/erp/achats/fournisseurs/detail.tsx"),
      route("achats/fournisseurs/:id/modifier", "routes/erp/achats/fournisseurs/modifier.tsx"),
      route("achats/fournisseurs/:id/documents", "routes/erp/achats/fournisseurs/documents.tsx"),
      route("achats/fournisseurs/:id/fichiers", "routes/erp/achats/fournisseurs/fichiers.tsx"),
      route("achats/sous-traitances", "routes/erp/achats/sous-traitances/index.tsx"),
      route("achats/sous-traitances/nouvelle", "routes/erp/achats/sous-traitances/nouvelle.tsx"),
      route("achats/sous-traitances/:id", "routes/erp/achats/sous-traitances/detail.tsx"),
      route("achats/factures", "routes/erp/achats/factures/index.tsx"),
      route("achats/export", "routes/erp/achats/export.tsx"),
      route("achats/factures/importer", "routes/erp/achats/factures/importer.tsx"),
      route("achats/factures/:id", "routes/erp/achats/factures/detail.tsx"),
      route("achats/commandes", "routes/erp/achats/commandes/index.tsx"),
      route("achats/commandes/nouvelle", "routes/erp/achats/commandes/nouvelle.tsx"),
      route("achats/commandes/:id", "routes/erp/achats/commandes/detail.tsx"),
      route("achats/commandes/:id/modifier", "routes/erp/achats/commandes/modifier.tsx"),
      // Pointage: the register of employees (its home until the week's grid comes).
      route("temps", "routes/erp/temps/index.tsx"),
      route("temps/jour", "routes/erp/temps/jour.tsx"),
      route("temps/semaine", "routes/erp/temps/semaine.tsx"),
      route("temps/paie", "routes/erp/temps/paie.tsx"),
      route("temps/salaries/nouveau", "routes/erp/temps/salaries/nouveau.tsx"),
      route("temps/salaries/:id", "routes/erp/temps/salaries/detail.tsx"),
      route("temps/salaries/:id/modifier", "routes/erp/temps/salaries/modifier.tsx"),
      route("temps/salaries/:id/jour", "routes/erp/temps/salaries/jour.tsx"),
      route("mes-heures", "routes/erp/mes-heures/index.tsx"),
      route("docs", "routes/erp/docs/index.tsx"),
      route("docs/nouveau", "routes/erp/docs/nouveau.tsx"),
      route("docs/partage", "routes/erp/docs/partage.tsx"),
      route("docs/fichiers", "routes/erp/docs/fichiers.tsx"),
      route("docs/:id", "routes/erp/docs/detail.tsx"),
      route("comptes", "routes/erp/comptes/index.tsx"),
      route("parametres", "routes/erp/parametres/index.tsx"),
      route("parametres/registre", "routes/erp/parametres/registre.tsx"),
      route("*", "routes/erp/not-found.tsx"),
    ]),
  ]),
  // Espace Pro data endpoints (401 without a session).
  ...prefix("api/erp", [
    route("leads/export.csv", "routes/api/erp/leads-export.ts"),
    route("leads/:id/export.json", "routes/api/erp/lead-export.ts"),
    route("clients/:id/export.json", "routes/api/erp/client-export.ts"),
    route("photos/:id", "routes/api/erp/photo.ts"),
    route("devis/bibliotheque.json", "routes/api/erp/quote-library.ts"),
  ]),

  // Browser configuration for the consent-gated trackers.
  route("api/public-config", "routes/api/public-config.ts"),

  // Search engines.
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
] satisfies RouteConfig;
