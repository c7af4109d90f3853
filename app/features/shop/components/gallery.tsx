import { ChevronLeft, ChevronRight } from "lucide-react";
import { ProductImage } from "./product-image.tsx";

/** « Cordeau tendu sur une dalle, photo 1 sur 3 », or the title when the picture is not described. */
function altOf(described: string | undefined, title: string, current: number, count: number): string {
  const what = described?.trim() || title;
  return count > 1 ? `${what}, photo ${current + 1} sur ${count}` : what;
}

/**
 * The product's pictures, one at a time: previous/next buttons that wrap around
 * and one dot per picture. Without pictures, the placeholder stands in.
 */
export function Gallery({
  images,
  alts = [],
  title,
  index,
  onIndexChange,
}: {
  images: readonly string[];
  /** What each picture shows, as described in the catalogue; the title stands in otherwise. */
  alts?: readonly string[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const count = images.length;
  if (count === 0) {
    return (
      <div className="overflow-hidden rounded-2xl bg-sand">
        <ProductImage src={null} alt={title} priority />
      </div>
    );
  }
  const current = ((index % count) + count) % count;
  const go = (next: number) => onIndexChange(((next % count) + count) % count);
  const arrow =
    "absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow-md hover:bg-white";

  return (
    <section aria-roledescription="carrousel" aria-label={`Photos : ${title}`} className="grid gap-3">
      <div className="relative overflow-hidden rounded-2xl bg-sand">
        <ProductImage
          src={images[current] ?? null}
          alt={altOf(alts[current], title, current, count)}
          priority
        />
        {count > 1 ? (
          <>
            <button type="button" className={`${arrow} left-3`} onClick={() => go(current - 1)}>
              <ChevronLeft aria-hidden="true" className="size-6" />
              <span className="sr-only">Photo précédente</span>
            </button>
            <button type="button" className={`${arrow} right-3`} onClick={() => go(current + 1)}>
              <ChevronRight aria-hidden="true" className="size-6" />
              <span className="sr-only">Photo suivante</span>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ol className="flex justify-center gap-1" aria-label="Choisir une photo">
          {images.map((url, dot) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => go(dot)}
                aria-current={dot === current ? "true" : undefined}
                className="group inline-flex size-11 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block size-3 rounded-full border-2 border-brand-700 ${
                    dot === current ? "bg-brand-700" : "bg-white group-hover:bg-brand-100"
                  }`}
                />
                <span className="sr-only">
                  Photo {dot + 1} sur {count}
                </span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
