import { company, fullAddress } from "#app/config/company.ts";
import type { LegalPage } from "#app/content/legal/types.ts";

/** "3000" → "3 000" (plain spaces, so the text reads the same everywhere). */
const groupThousands = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

const capital = `${groupThousands(company.capitalEuros)} €`;

export const mentionsLegales: LegalPage = {
  path: "/mentions-legales",
  title: `Mentions légales | ${company.name}`,
  metaDescription: `Mentions légales de ${company.name} : éditeur du site, directeur de la publication, hébergeur, assurance décennale et propriété intellectuelle.`,
  h1: "Mentions légales",
  updatedAt: "2025-08-28",
  updatedLabel: "Dernière mise à jour : 28 août 2025",
  intro:
    "Conformément à la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique, voici l'identité des différents intervenants du présent site, ainsi que les informations que la loi impose aux entreprises du bâtiment.",
  sections: [
    {
      id: "editeur",
      heading: "Éditeur du site",
      blocks: [
        { type: "p", text: "Le présent site est édité par :" },
        {
          type: "ul",
          items: [
            `Raison sociale : ${company.legalName} (nom commercial : ${company.name})`,
            `Forme juridique : ${company.legalFormLong} (${company.legalForm})`,
            `Capital social : ${capital}`,
            `Siège social : ${fullAddress}, ${company.address.countryName}`,
            `Immatriculation : ${company.rcs}`,
            `SIRET : ${company.siret}`,
            `Numéro de TVA intracommunautaire : ${company.vatNumber}`,
            `Code NAF (APE) : ${company.nafCode}`,
            `Téléphone : ${company.phone.display}`,
            `Adresse électronique : ${company.email}`,
          ],
        },
      ],
    },
    {
      id: "directeur-publication",
      heading: "Directeur de la publication",
      blocks: [
        {
          type: "p",
          text: `Le directeur de la publication est ${company.director}, en sa qualité de président de ${company.legalName}. Il peut être contacté à l'adresse ${company.email} ou par courrier au siège social.`,
        },
      ],
    },
    {
      id: "hebergeur",
      heading: "Hébergeur",
      blocks: [
        { type: "p", text: "Le site est hébergé par :" },
        {
          type: "ul",
          items: [
            `Raison sociale : ${company.host.name}`,
            `Adresse : ${company.host.address}`,
            `Téléphone : ${company.host.phone}`,
          ],
        },
      ],
    },
    {
      id: "assurance-decennale",
      heading: "Assurance décennale et responsabilité civile professionnelle",
      blocks: [
        {
          type: "p",
          text: `En sa qualité de constructeur, ${company.legalName} est tenue de souscrire une assurance couvrant sa responsabilité décennale (article L. 241-1 du Code des assurances) et d'être en mesure de justifier de cette assurance (article L. 243-2 du même code). Les informations relatives à cette assurance sont les suivantes :`,
        },
        {
          type: "ul",
          items: [
            `Assureur : ${company.insurer.name}, ${company.insurer.address}`,
            `Contrat d'assurance de responsabilité civile décennale n° ${company.insurer.decennialPolicy}`,
            `Contrat d'assurance de responsabilité civile professionnelle n° ${company.insurer.liabilityPolicy}`,
            `Couverture géographique : ${company.insurer.coverage}`,
          ],
        },
        {
          type: "p",
          text: "Ces références figurent également sur chacun de nos devis et de nos factures. L'attestation d'assurance en cours de validité peut être obtenue sur simple demande.",
        },
      ],
    },
    {
      id: "propriete-intellectuelle",
      heading: "Propriété intellectuelle",
      blocks: [
        {
          type: "p",
          text: `L'ensemble des éléments du site (textes, illustrations, photographies, logo, marque, charte graphique, structure et bases de données) est protégé par le droit d'auteur et, plus largement, par le Code de la propriété intellectuelle. Sauf mention contraire, ces éléments sont la propriété exclusive de ${company.legalName}.`,
        },
        {
          type: "p",
          text: `Toute reproduction, représentation, adaptation ou diffusion, totale ou partielle, de ces éléments, par quelque procédé que ce soit, sans l'autorisation écrite préalable de ${company.legalName}, est interdite et constitue une contrefaçon sanctionnée par les articles L. 335-2 et suivants du Code de la propriété intellectuelle. Seule une copie à usage strictement privé est autorisée, dans les limites prévues par la loi.`,
        },
      ],
    },
    {
      id: "credits",
      heading: "Crédits",
      blocks: [
        {
          type: "ul",
          items: [
            `Illustrations et visuels : créés pour le site, propriété de ${company.legalName}.`,
            "Polices de caractères : Montserrat et Open Sans, diffusées sous licence SIL Open Font License 1.1.",
            "Icônes : Lucide, diffusées sous licence ISC.",
          ],
        },
      ],
    },
    {
      id: "responsabilite",
      heading: "Responsabilité",
      blocks: [
        {
          type: "p",
          text: `Les informations publiées sur le site sont fournies à titre d'information générale. ${company.legalName} s'efforce de les tenir exactes et à jour, mais ne peut garantir qu'elles sont complètes ou exemptes d'erreur. Elles ne remplacent pas un devis ni un conseil adapté à votre projet, établi après examen de votre situation.`,
        },
        {
          type: "p",
          text: `${company.legalName} s'efforce d'assurer l'accès au site en permanence, sans y être tenue. L'accès peut être interrompu, notamment pour des opérations de maintenance ou en cas de panne. ${company.legalName} ne saurait être tenue responsable des dommages résultant d'une interruption du site, d'un dysfonctionnement du réseau internet ou de l'équipement de l'utilisateur, sous réserve des dispositions légales impératives.`,
        },
      ],
    },
    {
      id: "liens",
      heading: "Liens hypertextes",
      blocks: [
        {
          type: "p",
          text: `Le site peut contenir des liens vers des sites tiers, notamment nos pages sur les réseaux sociaux. ${company.legalName} n'exerce aucun contrôle sur ces sites et n'est pas responsable de leur contenu ni de leurs pratiques en matière de données personnelles.`,
        },
        {
          type: "p",
          text: "La création d'un lien vers le présent site est libre, à condition de ne pas porter atteinte à son image, de ne pas présenter ses pages à l'intérieur d'un autre site (par exemple dans un cadre) et de ne pas laisser croire à un partenariat qui n'existe pas.",
        },
      ],
    },
    {
      id: "donnees-personnelles",
      heading: "Données personnelles et cookies",
      blocks: [
        {
          type: "p",
          text: `${company.legalName} traite des données personnelles, notamment lorsque vous demandez un devis ou passez une commande. Les finalités de ces traitements, leurs bases légales, les durées de conservation, l'utilisation des cookies et traceurs ainsi que vos droits et la manière de les exercer sont décrits dans notre politique de confidentialité, accessible à l'adresse /politique-de-confidentialite.`,
        },
        {
          type: "p",
          text: `Pour toute question relative à vos données, vous pouvez écrire à ${company.email} ou à l'adresse postale du siège social.`,
        },
      ],
    },
    {
      id: "mediation",
      heading: "Médiation de la consommation",
      blocks: [
        {
          type: "p",
          text: `Conformément aux articles L. 612-1 et suivants du Code de la consommation, le consommateur peut recourir gratuitement au médiateur de la consommation dont relève ${company.legalName}, après avoir adressé une réclamation écrite préalable : ${company.mediator.name}, ${company.mediator.address}, ${company.mediator.website}. Les conditions de ce recours sont précisées dans nos conditions générales de vente, accessibles à l'adresse /cgv.`,
        },
      ],
    },
  ],
};
