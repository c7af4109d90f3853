import { company, fullAddress } from "#app/config/company.ts";
import type { LegalPage } from "#app/content/legal/types.ts";

export const cgu: LegalPage = {
  path: "/cgu",
  title: `Conditions générales d'utilisation | ${company.name}`,
  metaDescription: `Conditions d'utilisation du site ${company.name} : accès, demande de devis gratuite, espace réservé au personnel, propriété intellectuelle, responsabilité.`,
  h1: "Conditions générales d'utilisation",
  updatedAt: "2025-08-28",
  updatedLabel: "Dernière mise à jour : 28 août 2025",
  intro: `Les présentes conditions générales d'utilisation (CGU) encadrent l'utilisation du site édité par ${company.legalName}. En naviguant sur le site, vous acceptez de les respecter.`,
  sections: [
    {
      id: "objet",
      heading: "Article 1 – Objet",
      blocks: [
        {
          type: "p",
          text: `Les présentes CGU définissent les conditions dans lesquelles tout visiteur (ci-après « l'utilisateur ») peut accéder au site de ${company.name} et utiliser ses services : consultation des informations sur nos services et nos réalisations, demande de devis, prise de contact et accès à la boutique en ligne. L'identité de l'éditeur figure dans les mentions légales, accessibles à l'adresse /mentions-legales.`,
        },
        {
          type: "p",
          text: "Les achats effectués sur la boutique en ligne sont en outre régis par les conditions générales de vente, accessibles à l'adresse /cgv. En cas de contradiction, les conditions générales de vente prévalent pour tout ce qui concerne les commandes.",
        },
      ],
    },
    {
      id: "acces-au-site",
      heading: "Article 2 – Accès au site",
      blocks: [
        {
          type: "p",
          text: "Le site est accessible gratuitement à tout utilisateur disposant d'un accès à internet. Les frais de connexion et d'équipement nécessaires restent à sa charge.",
        },
        {
          type: "p",
          text: `${company.legalName} s'efforce de rendre le site accessible en permanence, sans y être tenue. L'accès peut être suspendu, limité ou interrompu, notamment pour des raisons de maintenance, de mise à jour ou de sécurité, sans que cela ouvre droit à indemnisation.`,
        },
        {
          type: "p",
          text: "L'utilisateur s'engage à utiliser le site de manière loyale et conforme à la loi. Il s'interdit notamment de tenter d'accéder sans autorisation à ses parties non publiques, d'en perturber le fonctionnement, d'y introduire un programme malveillant, d'en extraire le contenu de manière automatisée et massive, ou d'utiliser le formulaire de devis pour envoyer des messages publicitaires ou abusifs.",
        },
      ],
    },
    {
      id: "formulaire-de-devis",
      heading: "Article 3 – Formulaire de demande de devis",
      blocks: [
        {
          type: "p",
          text: "La demande de devis est gratuite et sans engagement : elle n'oblige l'utilisateur ni à accepter le devis qui lui sera proposé, ni à conclure un quelconque contrat. Le contrat de travaux n'est formé qu'après l'acceptation expresse, par le client, d'un devis écrit.",
        },
        {
          type: "p",
          text: "L'utilisateur s'engage à fournir des informations exactes et à jour, et à ne pas usurper l'identité d'un tiers. Les informations communiquées servent à établir un devis adapté ; des informations incomplètes ou inexactes peuvent conduire à un devis qui ne correspond pas au projet réel.",
        },
        {
          type: "p",
          text: "L'utilisateur qui joint des photos déclare disposer des droits nécessaires pour les partager, en être l'auteur ou avoir obtenu l'autorisation de leur auteur, et avoir recueilli l'accord des personnes identifiables qui y figureraient. Il est invité à ne photographier que les lieux concernés par les travaux. Les photos ne sont utilisées que pour l'étude de sa demande ; elles ne sont jamais publiées sans son accord écrit.",
        },
        {
          type: "p",
          text: `Les données transmises par le formulaire sont traitées conformément à la politique de confidentialité, accessible à l'adresse /politique-de-confidentialite. ${company.legalName} se réserve le droit de ne pas donner suite aux demandes manifestement abusives, fantaisistes ou sans rapport avec son activité.`,
        },
      ],
    },
    {
      id: "espace-professionnel",
      heading: "Article 4 – Espace professionnel réservé au personnel",
      blocks: [
        {
          type: "p",
          text: `L'espace professionnel du site est exclusivement réservé aux membres du personnel de ${company.legalName} disposant d'identifiants attribués par l'entreprise. Il n'est pas ouvert aux clients ni au public.`,
        },
        {
          type: "p",
          text: "Les identifiants sont personnels et confidentiels. Leur titulaire est responsable de leur conservation et informe sans délai la direction de toute perte ou utilisation non autorisée. Les informations consultées dans cet espace sont confidentielles et ne peuvent être utilisées qu'aux fins de l'activité de l'entreprise.",
        },
        {
          type: "p",
          text: "Tout accès ou maintien frauduleux dans cet espace, ou toute tentative en ce sens, est susceptible de poursuites pénales, notamment sur le fondement des articles 323-1 et suivants du Code pénal.",
        },
      ],
    },
    {
      id: "propriete-intellectuelle",
      heading: "Article 5 – Propriété intellectuelle",
      blocks: [
        {
          type: "p",
          text: `Le site et l'ensemble de ses éléments (textes, illustrations, photographies, logo, marque, charte graphique, structure) sont protégés par le Code de la propriété intellectuelle et appartiennent à ${company.legalName}, sauf mention contraire. L'utilisation du site ne confère à l'utilisateur aucun droit sur ces éléments.`,
        },
        {
          type: "p",
          text: "Toute reproduction, représentation, adaptation ou diffusion, totale ou partielle, sans autorisation écrite préalable, est interdite et constitue une contrefaçon, à l'exception d'une copie à usage strictement privé dans les limites prévues par la loi.",
        },
      ],
    },
    {
      id: "liens",
      heading: "Article 6 – Liens hypertextes",
      blocks: [
        {
          type: "p",
          text: `Le site peut contenir des liens vers des sites tiers, notamment des réseaux sociaux, un service de cartographie ou une messagerie instantanée. ${company.legalName} n'exerce aucun contrôle sur ces sites et décline toute responsabilité quant à leur contenu et à leur fonctionnement ; leur utilisation est soumise à leurs propres conditions.`,
        },
        {
          type: "p",
          text: "La création d'un lien vers le site est libre, à condition de ne pas porter atteinte à son image, de ne pas afficher ses pages à l'intérieur d'un autre site et de ne pas laisser croire à un partenariat qui n'existe pas.",
        },
      ],
    },
    {
      id: "responsabilite",
      heading: "Article 7 – Responsabilité",
      blocks: [
        {
          type: "p",
          text: `Les informations publiées sur le site (descriptions de services, durées indicatives de chantier, estimations d'économies d'énergie, réponses aux questions fréquentes) sont fournies à titre indicatif et général. Elles ne constituent ni une offre contractuelle ni un conseil adapté à un projet particulier, qui ne peut résulter que d'une étude et d'un devis. ${company.legalName} s'efforce de les tenir exactes et à jour, sans pouvoir garantir qu'elles sont exemptes d'erreur.`,
        },
        {
          type: "p",
          text: `${company.legalName} ne saurait être tenue responsable des dommages résultant d'une utilisation du site contraire aux présentes CGU, d'une interruption du site, d'un dysfonctionnement du réseau internet ou de l'équipement de l'utilisateur, ou de la présence d'un virus malgré les mesures de sécurité mises en œuvre, sous réserve des dispositions légales impératives.`,
        },
      ],
    },
    {
      id: "donnees-personnelles-et-cookies",
      heading: "Article 8 – Données personnelles et cookies",
      blocks: [
        {
          type: "p",
          text: "Les traitements de données personnelles réalisés sur le site, l'utilisation des cookies et autres traceurs, ainsi que les droits de l'utilisateur et la manière de les exercer, sont décrits dans la politique de confidentialité, accessible à l'adresse /politique-de-confidentialite.",
        },
        {
          type: "p",
          text: "L'utilisateur peut à tout moment modifier ses choix relatifs aux traceurs grâce au lien « Gérer les cookies » présent en bas de chaque page.",
        },
      ],
    },
    {
      id: "modification",
      heading: "Article 9 – Modification des CGU",
      blocks: [
        {
          type: "p",
          text: `${company.legalName} peut modifier les présentes CGU à tout moment, notamment pour tenir compte d'une évolution du site ou de la réglementation. Les CGU applicables sont celles en vigueur au moment de l'utilisation du site ; la date de leur dernière mise à jour figure en haut de la page.`,
        },
      ],
    },
    {
      id: "droit-applicable",
      heading: "Article 10 – Droit applicable et litiges",
      blocks: [
        {
          type: "p",
          text: "Les présentes CGU sont soumises au droit français. En cas de difficulté relative à leur interprétation ou à leur exécution, l'utilisateur est invité à contacter l'éditeur afin de rechercher une solution amiable.",
        },
        {
          type: "p",
          text: `Contact : ${company.email}, ${company.phone.display}, ou par courrier à ${company.legalName}, ${fullAddress}. À défaut d'accord amiable, le litige est porté devant les juridictions françaises compétentes dans les conditions du droit commun ; le consommateur peut également recourir au médiateur de la consommation dans les conditions prévues par les conditions générales de vente.`,
        },
      ],
    },
  ],
};
