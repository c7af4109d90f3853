import type { LucideIcon } from "lucide-react";
import { Award, Handshake, Leaf, Lightbulb, ShieldCheck, Umbrella } from "lucide-react";
import { SiteSection } from "#app/components/layout/site-section.tsx";
import { company, fullAddress } from "#app/config/company.ts";
import { about } from "#app/content/about.ts";
import { Illustration } from "#app/features/marketing/components/illustration.tsx";
import { IntroSection } from "#app/features/marketing/components/intro-section.tsx";
import { PageHeader } from "#app/features/marketing/components/page-header.tsx";
import { aboutPageJsonLd } from "#app/features/marketing/json-ld.ts";
import { CtaBand } from "#app/features/quote-request/components/cta-band.tsx";
import { formatInteger } from "#app/lib/french-number.ts";
import { jsonLd, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/a-propos";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seo({ title: about.title, description: about.metaDescription, path: "/a-propos", siteUrl }),
    jsonLd(
      aboutPageJsonLd(
        siteUrl,
        { name: about.h1, description: about.metaDescription, path: "/a-propos" },
        about.team,
      ),
    ),
  ];
};

// Icons follow the order of the content: Qualité, Confiance, Innovation…
const valueIcons: readonly LucideIcon[] = [Award, Handshake, Lightbulb];
// …and garantie décennale, certification RGE, responsabilité civile professionnelle.
const guaranteeIcons: readonly LucideIcon[] = [ShieldCheck, Leaf, Umbrella];

const facts: readonly { label: string; value: string }[] = [
  { label: "Création", value: String(company.foundedYear) },
  { label: "Siège", value: fullAddress },
  { label: "Zone d'intervention", value: `${company.serviceRadiusKm} km autour de ${company.address.city}` },
  { label: "Dirigeant", value: company.director },
  {
    label: "Forme juridique",
    value: `${company.legalForm} au capital de ${formatInteger(company.capitalEuros)} €`,
  },
];

function TitledCards({
  items,
  icons,
}: {
  items: readonly { title: string; text: string }[];
  icons: readonly LucideIcon[];
}) {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-3">
      {items.map((item, index) => {
        const Icon = icons[index] ?? ShieldCheck;
        return (
          <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-4 text-xl font-bold">{item.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
          </li>
        );
      })}
    </ul>
  );
}

export default function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="À propos" title={about.h1} lead={about.lead} />

      <IntroSection
        id="notre-histoire"
        heading={about.story.heading}
        paragraphs={about.story.paragraphs}
        asideTitle="L'entreprise en bref"
        className="container-page pb-14 lg:pb-20"
        gridClassName="grid gap-10 lg:grid-cols-[1.5fr_1fr] lg:gap-14"
      >
        <dl className="mt-4 grid gap-4">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-sm font-semibold text-slate-700">{fact.label}</dt>
              <dd className="font-semibold text-brand-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </IntroSection>

      <SiteSection id="nos-valeurs" heading="Nos valeurs" band="sand">
        <TitledCards items={about.values} icons={valueIcons} />
      </SiteSection>

      <SiteSection id="nos-garanties" heading="Nos garanties">
        <TitledCards items={about.guarantees} icons={guaranteeIcons} />
      </SiteSection>

      <SiteSection id="notre-equipe" heading="Notre équipe" band="brand">
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {about.team.map((member) => (
            <li key={member.name} className="overflow-hidden rounded-2xl bg-white shadow-sm">
              <Illustration
                name={member.image}
                alt={member.alt}
                className="aspect-[4/3] w-full object-cover object-top"
              />
              <div className="p-6">
                <h3 className="text-xl font-bold">{member.name}</h3>
                <p className="mt-1 font-heading font-semibold text-accent-600">{member.role}</p>
                <p className="mt-3 leading-relaxed text-slate-700">{member.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </SiteSection>

      <CtaBand
        heading="Travaillons ensemble"
        text="Parlez-nous de votre projet : nous vous rappelons pour organiser une visite et établir un devis détaillé, gratuit et sans engagement."
      />
    </>
  );
}
