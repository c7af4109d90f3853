import { expect } from "vitest";
import { pageTextBoxes } from "#tests/helpers/pdf-text.ts";

/**
 * Fails when two runs of text on a page overlap (by more than half a point): a frame drawn
 * over the content, a cell over its neighbour. With `minBoxesPerPage`, also when a page
 * holds fewer runs than that (a page drawn empty would pass the overlap check).
 */
export async function expectNoOverlappingText(
  pdf: Uint8Array,
  { minBoxesPerPage }: { minBoxesPerPage?: number } = {},
): Promise<void> {
  const pages = await pageTextBoxes(pdf);
  pages.forEach((boxes, index) => {
    if (minBoxesPerPage !== undefined) expect(boxes.length).toBeGreaterThan(minBoxesPerPage);
    for (const [position, a] of boxes.entries()) {
      for (const b of boxes.slice(position + 1)) {
        const overlap =
          a.x < b.x + b.width - 0.5 &&
          b.x < a.x + a.width - 0.5 &&
          a.y < b.y + b.height - 0.5 &&
          b.y < a.y + a.height - 0.5;
        expect(overlap, `page ${index + 1}: « ${a.text} » / « ${b.text} »`).toBe(false);
      }
    }
  });
}
