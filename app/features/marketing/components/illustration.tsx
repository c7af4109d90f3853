import { type IllustrationName, illustrationSize, illustrationUrl } from "../illustrations.ts";

/**
 * One of the site's drawings as an <img> with its intrinsic width and height (no
 * layout shift). Below-the-fold images load lazily; the page's main picture
 * (`priority`) is fetched first.
 */
export function Illustration({
  name,
  alt,
  className = "",
  priority = false,
}: {
  name: IllustrationName;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const { width, height } = illustrationSize(name);
  return (
    <img
      src={illustrationUrl(name)}
      alt={alt}
      width={width}
      height={height}
      className={`h-auto ${className}`}
      {...(priority
        ? { fetchPriority: "high" as const, loading: "eager" as const }
        : { loading: "lazy" as const, decoding: "async" as const })}
    />
  );
}
