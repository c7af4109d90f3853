/** Main navigation of the public site (spec section 2, Global elements). */
export const mainNav = [
  { href: "/", label: "Accueil" },
  { href: "/services", label: "Services" },
  { href: "/realisations", label: "Réalisations" },
  { href: "/a-propos", label: "À propos" },
  { href: "/contact", label: "Contact" },
] as const;

export const footerNav = [
  { href: "/services", label: "Nos services" },
  { href: "/realisations", label: "Nos réalisations" },
  { href: "/a-propos", label: "À propos" },
  { href: "/contact", label: "Contact" },
  { href: "/faq", label: "Questions fréquentes" },
  { href: "/store", label: "Boutique" },
] as const;

export const legalNav = [
  { href: "/mentions-legales", label: "Mentions légales" },
  { href: "/politique-de-confidentialite", label: "Politique de confidentialité" },
  { href: "/cgv", label: "Conditions générales de vente" },
  { href: "/cgu", label: "Conditions d'utilisation" },
] as const;
