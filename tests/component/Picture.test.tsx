import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { Picture } from "~/components/Picture";

const SIZES = "(min-width: 560px) calc(min(50vw, 345px) - 24px), calc(100vw - 34px)";
const STORED = {
  sources: [
    { type: "image/avif", srcSet: "/uploads/a-360.avif 360w, /uploads/a-full.avif 400w", sizes: SIZES },
    { type: "image/webp", srcSet: "/uploads/a-360.webp 360w, /uploads/a-full.webp 400w", sizes: SIZES },
  ],
  img: { src: "/uploads/a.jpg", width: 400, height: 300, fetchpriority: "high" as const },
};

function parsed(html: string) {
  return new DOMParser().parseFromString(html, "text/html");
}

describe("Picture", () => {
  test("offers the sizes AVIF first, then WebP, each with the layout's sizes, over the file itself", () => {
    const doc = parsed(renderToStaticMarkup(<Picture picture={STORED} alt="매트" className="card" />));
    const sources = [...doc.querySelectorAll("picture > source")];
    expect(sources.map((source) => [source.getAttribute("type"), source.getAttribute("srcset"), source.getAttribute("sizes")])).toEqual([
      ["image/avif", STORED.sources[0]!.srcSet, SIZES],
      ["image/webp", STORED.sources[1]!.srcSet, SIZES],
    ]);
    const img = doc.querySelector("picture > source + source + img")!;
    expect(img.getAttribute("src")).toBe("/uploads/a.jpg");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["400", "300"]);
    // The largest picture of the first screen: asked for at once (not lazy) and before the others.
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.hasAttribute("loading")).toBe(false);
    expect([img.getAttribute("alt"), img.getAttribute("class")]).toEqual(["매트", "card"]);
  });

  test("a picture without sizes is its own file alone, loaded lazily; the caller's size wins over the stored one", () => {
    const plain = { sources: [], img: { src: "/demo/products/product-1.jpg", width: 800, height: 800, loading: "lazy" as const } };
    const doc = parsed(renderToStaticMarkup(<Picture picture={plain} alt="" width={320} height={50} />));
    expect(doc.querySelectorAll("source")).toHaveLength(0);
    const img = doc.querySelector("picture > img")!;
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.hasAttribute("fetchpriority")).toBe(false);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["320", "50"]);
  });
});
