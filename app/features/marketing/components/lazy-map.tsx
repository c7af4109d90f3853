import { MapPin } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";

/** How close (in px) the map's box must come to the viewport before the embed is created. */
export const MAP_PRELOAD_MARGIN = "50px";

/** Google Maps embed of an address (no API key needed). */
export function mapEmbedUrl(query: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}

/** Google Maps directions to an address, from wherever the visitor is. */
export function directionsUrl(destination: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/**
 * A third-party map that costs nothing until it is needed: the iframe is created
 * only once its box comes within 50 px of the viewport, and only if `mayLoad`
 * says so. `mayLoad` is the single switch a consent gate turns: while it is
 * false the box shows `fallback` (the address) and no request leaves for the
 * map provider. The box keeps its size either way, so nothing shifts.
 */
export function LazyMap({
  src,
  title,
  mayLoad = true,
  fallback,
}: {
  src: string;
  title: string;
  mayLoad?: boolean;
  fallback: ReactNode;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [nearViewport, setNearViewport] = useState(false);
  const [watching, setWatching] = useState(false);

  useEffect(() => {
    if (!mayLoad || nearViewport) return;
    const box = boxRef.current;
    if (!box) return;
    if (typeof IntersectionObserver === "undefined") {
      setNearViewport(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNearViewport(true);
          observer.disconnect();
        }
      },
      { rootMargin: MAP_PRELOAD_MARGIN },
    );
    observer.observe(box);
    setWatching(true);
    return () => {
      observer.disconnect();
      setWatching(false);
    };
  }, [mayLoad, nearViewport]);

  const show = mayLoad && nearViewport;
  return (
    <div
      ref={boxRef}
      // "waiting" in the server HTML, "watching" once the observer runs, "loaded" with the iframe.
      data-map-state={show ? "loaded" : watching ? "watching" : "waiting"}
      className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl border border-brand-100 bg-brand-50 sm:aspect-[16/9]"
    >
      {show ? (
        <iframe
          src={src}
          title={title}
          className="absolute inset-0 size-full border-0"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <div className="absolute inset-0 grid place-content-center justify-items-center gap-3 p-6 text-center">
          <MapPin aria-hidden="true" className="size-10 text-accent-600" />
          {fallback}
        </div>
      )}
    </div>
  );
}
