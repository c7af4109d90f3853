import { Clock, Mail, MapPin, MessageCircle, Navigation, Phone } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { company, fullAddress } from "#app/config/company.ts";
import { contactPage } from "#app/content/contact.ts";
import { useConsent } from "#app/features/consent/use-consent.ts";
import { directionsUrl, LazyMap, mapEmbedUrl } from "#app/features/marketing/components/lazy-map.tsx";
import { PageHeader } from "#app/features/marketing/components/page-header.tsx";
import { contactPageJsonLd } from "#app/features/marketing/json-ld.ts";
import { QuoteButton } from "#app/features/quote-request/components/quote-button.tsx";
import { telHref } from "#app/lib/phone.ts";
import { jsonLd, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seo({ title: contactPage.title, description: contactPage.metaDescription, path: "/contact", siteUrl }),
    jsonLd(
      contactPageJsonLd(siteUrl, {
        name: contactPage.h1,
        description: contactPage.metaDescription,
        path: "/contact",
      }),
    ),
  ];
};

const mapQuery = `${company.name}, ${fullAddress}`;
const chatUrl = `https://wa.me/${company.whatsapp.e164}?text=${encodeURIComponent(contactPage.chatMessage)}`;

/**
 * The map is a Google embed, a third party: it loads only once the visitor
 * accepted trackers, or asked for it on its placeholder (which says why).
 */
function ConsentGatedMap() {
  const consent = useConsent();
  const [asked, setAsked] = useState(false);
  return (
    <LazyMap
      src={mapEmbedUrl(mapQuery)}
      title={contactPage.mapTitle}
      mayLoad={consent === "accepted" || asked}
      fallback={
        <>
          <p className="max-w-xs font-semibold text-brand-900">{fullAddress}</p>
          <p className="max-w-sm text-sm text-slate-700">
            La carte est fournie par Google Maps (Google Ireland Limited) : l'afficher transmet votre adresse
            IP à Google. Elle ne se charge qu'avec votre accord.
          </p>
          <Button variant="outline" size="md" onClick={() => setAsked(true)}>
            Afficher la carte
          </Button>
        </>
      }
    />
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="text-base font-bold">{label}</h2>
        <div className="mt-1 text-slate-800">{children}</div>
      </div>
    </li>
  );
}

/** A link that opens another site in a new tab, announced as such. */
function ExternalButton({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses("outline", "cta")}>
      {icon}
      <span>
        {children}
        <span className="sr-only"> (nouvelle fenêtre)</span>
      </span>
    </a>
  );
}

export default function ContactPage() {
  return (
    <>
      <PageHeader eyebrow="Contact" title={contactPage.h1} lead={contactPage.lead}>
        <div className="mt-8 flex flex-wrap gap-3">
          <QuoteButton trigger="contact">Demander un devis gratuit</QuoteButton>
        </div>
      </PageHeader>

      <div className="container-page pb-14 lg:pb-20">
        <ul className="grid gap-4 sm:grid-cols-2">
          <Detail icon={<Phone aria-hidden="true" className="size-6" />} label="Téléphone">
            <a
              href={telHref(company.phone.e164)}
              className="inline-flex min-h-11 items-center text-lg font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {company.phone.display}
            </a>
          </Detail>
          <Detail icon={<Mail aria-hidden="true" className="size-6" />} label="E-mail">
            <a
              href={`mailto:${company.email}`}
              className="inline-flex min-h-11 items-center font-semibold break-all text-brand-800 underline-offset-4 hover:underline"
            >
              {company.email}
            </a>
          </Detail>
          <Detail icon={<MapPin aria-hidden="true" className="size-6" />} label="Adresse">
            <address className="not-italic">
              {company.name}
              <br />
              {company.address.street}
              <br />
              {company.address.postalCode} {company.address.city}
            </address>
          </Detail>
          <Detail icon={<Clock aria-hidden="true" className="size-6" />} label="Horaires">
            <p>{company.hours.label}</p>
          </Detail>
        </ul>

        <section aria-labelledby="plan-d-acces" className="mt-12">
          <h2 id="plan-d-acces" className="text-2xl font-extrabold sm:text-3xl">
            Plan d'accès
          </h2>
          <div className="mt-4 flex flex-wrap gap-3">
            <ExternalButton
              href={directionsUrl(fullAddress)}
              icon={<Navigation aria-hidden="true" className="size-5" />}
            >
              {contactPage.directionsLabel}
            </ExternalButton>
            <ExternalButton href={chatUrl} icon={<MessageCircle aria-hidden="true" className="size-5" />}>
              {contactPage.chatLabel}
            </ExternalButton>
          </div>
          <div className="mt-6">
            <ConsentGatedMap />
          </div>
        </section>
      </div>
    </>
  );
}
