import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { ChevronLeft, ChevronRight, type LucideIcon } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { Testimonial } from "#app/content/types.ts";
import { Illustration } from "./illustration.tsx";
import { StarRating } from "./star-rating.tsx";

/**
 * Customer reviews in a looping carousel: one card on small screens, two from
 * the medium breakpoint, three on large screens; the arrows appear from the
 * medium breakpoint (small screens swipe). The slides are laid out by CSS alone,
 * so the server HTML already has the final height and nothing moves when the
 * script takes over. Embla's code is downloaded only when the carousel nears the
 * screen: a visitor who never scrolls to it never pays for it.
 */
const OPTIONS: EmblaOptionsType = { loop: true, align: "start" };

export function TestimonialsCarousel({
  testimonials,
  heading = "Ce que disent nos clients",
  lead,
}: {
  testimonials: readonly Testimonial[];
  heading?: string;
  lead?: string;
}) {
  const [api, setApi] = useState<EmblaCarouselType>();
  const viewportRef = useRef<HTMLElement>(null);
  const headingId = useId();

  // Embla measures every slide when it starts: that happens when the carousel comes
  // within 300 px of the screen, not in the middle of hydration. Until then the
  // slides are the same CSS row, so nothing moves when it starts. Should its code
  // fail to download, the first cards stay on screen as they are.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let cancelled = false;
    const start = () => {
      import("embla-carousel").then(
        ({ default: EmblaCarousel }) => {
          if (cancelled) return;
          carousel = EmblaCarousel(viewport, OPTIONS);
          setApi(carousel);
        },
        () => undefined,
      );
    };
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === "undefined") start();
    else {
      const watcher = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          watcher.disconnect();
          start();
        },
        { rootMargin: "300px 0px" },
      );
      watcher.observe(viewport);
      observer = watcher;
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      carousel?.destroy();
    };
  }, []);
  const trackId = useId();
  const previous = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);

  return (
    <section aria-labelledby={headingId} className="bg-sand py-14 lg:py-20">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id={headingId} className="text-2xl font-extrabold sm:text-3xl">
              {heading}
            </h2>
            {lead ? <p className="mt-2 max-w-prose text-slate-700">{lead}</p> : null}
          </div>
          <div className="hidden gap-2 md:flex">
            <ScrollButton onClick={previous} controls={trackId} icon={ChevronLeft} label="Avis précédent" />
            <ScrollButton onClick={next} controls={trackId} icon={ChevronRight} label="Avis suivant" />
          </div>
        </div>
        <section
          aria-roledescription="carrousel"
          aria-label="Avis clients"
          className="mt-8 overflow-hidden"
          ref={viewportRef}
          data-carousel={api ? "ready" : "static"}
        >
          <div id={trackId} className="-ml-4 flex touch-pan-y">
            {testimonials.map((testimonial, index) => (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
              <div
                key={testimonial.name}
                role="group"
                aria-roledescription="avis"
                aria-label={`${index + 1} sur ${testimonials.length}`}
                data-slide=""
                className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2 lg:basis-1/3"
              >
                <figure className="flex h-full flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone/60">
                  <StarRating rating={testimonial.rating} />
                  <blockquote className="flex-1">
                    <p className="font-heading font-bold text-brand-900">{testimonial.title}</p>
                    <p className="mt-2 leading-relaxed text-slate-700">{testimonial.comment}</p>
                  </blockquote>
                  <figcaption className="flex items-center gap-3">
                    <Illustration
                      name={testimonial.image}
                      alt={testimonial.alt}
                      className="size-12 shrink-0 rounded-full bg-brand-50"
                    />
                    <span>
                      <span className="block font-semibold text-brand-900">{testimonial.name}</span>
                      <span className="block text-sm text-slate-700">{testimonial.location}</span>
                    </span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
        </section>
      </div>
    </section>
  );
}

/** A button moving the carousel by one review (wide screens; phones swipe). */
function ScrollButton({
  onClick,
  controls,
  icon: Icon,
  label,
}: {
  onClick: () => void;
  controls: string;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-controls={controls}
      className="inline-flex size-12 items-center justify-center rounded-full border-2 border-brand-700 bg-white text-brand-700 hover:bg-brand-50"
    >
      <Icon aria-hidden="true" className="size-6" />
      <span className="sr-only">{label}</span>
    </button>
  );
}
