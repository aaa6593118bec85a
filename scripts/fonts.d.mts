// Types of fonts.mjs for the TypeScript tests.
export interface Font {
  script: string;
  lang: string;
  package: string;
}
export declare function missingFonts(list?: (lang: string) => string | undefined): Font[] | undefined;
