/** The one function of fontverter (a dependency of subset-font) that scripts/fonts-subset.test.ts uses. */
declare module "fontverter" {
  const fontverter: {
    convert(font: Buffer, format: "truetype" | "woff" | "woff2" | "sfnt"): Promise<Buffer>;
  };
  export default fontverter;
}
