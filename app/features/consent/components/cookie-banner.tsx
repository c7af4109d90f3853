import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import {
  BANNER_DELAY_MS,
  type ConsentValue,
  onConsentBannerRequest,
  readConsent,
  saveConsent,
} from "../consent.ts";

/**
 * The consent banner: shown 1.5 s after load when no valid choice is stored,
 * and again whenever the footer's « Gérer les cookies » asks. Refusing is as easy
 * as accepting: two identical buttons side by side. It is not a dialog: it traps
 * nothing and leaves the page usable.
 */
export function CookieBanner() {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<ConsentValue | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reopened = useRef(false);

  useEffect(() => {
    const stored = readConsent();
    setCurrent(stored);
    const timer = stored ? undefined : window.setTimeout(() => setOpen(true), BANNER_DELAY_MS);
    const unsubscribe = onConsentBannerRequest(() => {
      reopened.current = true;
      setCurrent(readConsent());
      setOpen(true);
    });
    return () => {
      if (timer) window.clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  useEffect(() => {
    // Reopened on request: move the focus to it so keyboard users land there.
    if (open && reopened.current) headingRef.current?.focus();
  }, [open]);

  if (!open) return null;

  const choose = (value: ConsentValue) => {
    saveConsent(value);
    setCurrent(value);
    reopened.current = false;
    setOpen(false);
  };

  return (
    <section
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      className="fixed inset-x-2 bottom-[4.75rem] z-[60] mx-auto max-w-3xl rounded-xl border border-brand-100 bg-white p-4 shadow-2xl sm:inset-x-4 md:bottom-4 md:p-5"
    >
      <h2
        id="cookie-banner-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-bold outline-none"
      >
        Cookies et traceurs : à vous de choisir
      </h2>
      {/*
        Short blocks: the banner arrives after the page and must not become its largest
        text (Largest Contentful Paint), so no paragraph runs past two lines on a phone.
      */}
      <div className="mt-2 grid max-h-40 gap-1 overflow-y-auto text-sm leading-relaxed text-slate-700">
        <p>Avec votre accord :</p>
        <ul className="list-disc pl-5">
          <li>le pixel de TikTok (TikTok Technology Limited) mesure l'efficacité de nos annonces ;</li>
          <li>un outil tiers de mesure d'audience compte les visites ;</li>
          <li>la carte Google Maps (Google Ireland Limited) s'affiche sur la page Contact.</li>
        </ul>
        <p>Si vous refusez, rien de tout cela n'est chargé et le site fonctionne normalement.</p>
        <p>Choix conservé 6 mois, modifiable par « Gérer les cookies » en bas de page.</p>
        <p>
          <Link to="/politique-de-confidentialite" className="font-semibold text-brand-700 underline">
            Politique de confidentialité
          </Link>
        </p>
      </div>
      {current ? (
        <p className="mt-2 text-sm font-semibold text-brand-800">
          Choix actuel : {current === "accepted" ? "traceurs acceptés" : "traceurs refusés"}.
        </p>
      ) : null}
      <div className="mt-3 grid grid-cols-2 gap-3">
        <Button variant="secondary" size="md" onClick={() => choose("declined")}>
          Refuser
        </Button>
        <Button variant="secondary" size="md" onClick={() => choose("accepted")}>
          Accepter
        </Button>
      </div>
    </section>
  );
}
