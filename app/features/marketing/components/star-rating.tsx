import { formatOneDecimal } from "#app/lib/french-number.ts";

const STAR_PATH =
  "M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95L12 2.5z";

/** "4,5" or "5": the rating as a French reader says it. */
export function formatRating(rating: number): string {
  return formatOneDecimal(rating);
}

/**
 * Five stars, filled to the rating (halves included). Assistive technology reads
 * one phrase, « Note : 4,5 sur 5 », instead of five pictures.
 */
export function StarRating({ rating, max = 5 }: { rating: number; max?: number }) {
  return (
    <span role="img" aria-label={`Note : ${formatRating(rating)} sur ${max}`} className="inline-flex gap-0.5">
      {Array.from({ length: max }, (_, index) => {
        const fill = Math.max(0, Math.min(1, rating - index));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positional and never reordered
          <span key={index} className="relative inline-block size-5" data-fill={fill}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className="absolute inset-0 size-5 fill-slate-300">
              <path d={STAR_PATH} />
            </svg>
            {fill > 0 ? (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 max-w-none fill-accent-600">
                  <path d={STAR_PATH} />
                </svg>
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
