import { FileText } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { Footer } from "#app/components/layout/footer.tsx";
import { Header } from "#app/components/layout/header.tsx";
import { MobileBar } from "#app/components/layout/mobile-bar.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "#app/components/layout/skip-link.tsx";
import { Toaster } from "#app/components/ui/toast.tsx";
import { loadEnv } from "#app/config/env.server.ts";
import { ConsentManager } from "#app/features/consent/components/consent-manager.tsx";
import { CookieBanner } from "#app/features/consent/components/cookie-banner.tsx";
import { openConsentBanner } from "#app/features/consent/consent.ts";
import { QuoteButton } from "#app/features/quote-request/components/quote-button.tsx";
import { QuoteModal } from "#app/features/quote-request/components/quote-modal.tsx";
import { CartButton } from "#app/features/shop/components/cart-button.tsx";
import { servicesContext } from "#app/lib/app-context.ts";
import { isErpPath, isQuoteAgreementPath } from "#app/lib/erp-path.ts";
import { useNonce } from "#app/lib/nonce.ts";
import { NotFound } from "#app/routes/site/not-found-view.tsx";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import montserratCore from "./assets/fonts/montserrat-core.woff2?url";
import openSansCore from "./assets/fonts/open-sans-core.woff2?url";

export const links: Route.LinksFunction = () => [
  // A precedence makes React write the stylesheet at the top of <head>, before the
  // module preloads: the page's only render-blocking request starts first.
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  // The core fonts (scripts/fonts-subset.ts): every character of the public pages' text.
  { rel: "preload", href: montserratCore, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: openSansCore, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function loader({ context }: Route.LoaderArgs) {
  // While prerendering at build time there is no server and so no services.
  const env = context.get(servicesContext)?.env ?? loadEnv();
  return { siteUrl: env.SITE_URL };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const agreement = isQuoteAgreementPath(pathname);
  const publicFrame = !isErpPath(pathname) && !agreement;
  // Marks the document once React has taken over (pages, error pages and 404 alike):
  // public pages start their scripts after the first paint, and end-to-end tests
  // wait for this mark before they act.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e4e8c" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        <SkipLink />
        {publicFrame ? (
          <Header
            quoteButton={
              <QuoteButton trigger="header" size="md" className="max-sm:hidden">
                Devis Gratuit
              </QuoteButton>
            }
            cartButton={<CartButton />}
          />
        ) : null}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
          {children}
        </main>
        {publicFrame ? <Footer onManageCookies={openConsentBanner} /> : null}
        {publicFrame ? (
          <MobileBar
            quoteButton={
              <QuoteButton trigger="mobile-bar" size="cta">
                <FileText aria-hidden="true" className="size-5" /> Devis gratuit
              </QuoteButton>
            }
          />
        ) : null}
        {publicFrame ? <CookieBanner /> : null}
        {agreement ? null : <ConsentManager />}
        {publicFrame ? <QuoteModal /> : null}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The stack is shown only while developing; production never reveals it.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="container-page grid min-h-[60vh] content-center gap-4 pt-28 pb-16">
      <title>Une erreur est survenue</title>
      <meta name="robots" content="noindex" />
      <p className="font-heading text-sm font-bold tracking-widest text-accent-700 uppercase">
        Erreur {status}
      </p>
      <h1 className="text-3xl font-bold">Une erreur est survenue</h1>
      <p>Nous n'avons pas pu afficher cette page. Veuillez réessayer dans quelques instants.</p>
      <p>
        <a href="/" className="font-semibold text-brand-700 underline">
          Revenir à l'accueil
        </a>
      </p>
      {stack ? <pre className="overflow-auto rounded bg-sand p-4 text-xs">{stack}</pre> : null}
    </section>
  );
}
