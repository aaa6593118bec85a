// Which characters of a text no font on this machine draws: each is drawn alone on a canvas in the element's font
// and compared with code points that no font has (U+0378, U+0379 and U+10FFFD, unassigned or private). Chromium and
// WebKit draw one missing-glyph box for all of them, so a character drawn pixel for pixel like it is missing;
// Firefox draws a box with the code point's digits instead, different each time but always of one size for the
// same number of digits, so there a character measured exactly like it is missing.

const SIZE = 64;

interface Drawing {
  pixels: string;
  metrics: string;
}

function draw(context: CanvasRenderingContext2D, character: string): Drawing {
  context.clearRect(0, 0, SIZE, SIZE);
  context.fillText(character, 8, SIZE / 2);
  const alpha = context.getImageData(0, 0, SIZE, SIZE).data.filter((_, index) => index % 4 === 3);
  const m = context.measureText(character);
  return {
    pixels: alpha.join(','),
    metrics: [
      m.width,
      m.actualBoundingBoxLeft,
      m.actualBoundingBoxRight,
      m.actualBoundingBoxAscent,
      m.actualBoundingBoxDescent,
    ]
      .map((value) => value.toFixed(2))
      .join(' '),
  };
}

/** The characters of `text` (spaces and marks that draw nothing alone left out) no font here can draw in `font`. */
export function missingGlyphs(text: string, font: string): string[] {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.font = font;
  context.textBaseline = 'middle';
  const [first, second, astral] = ['\u0378', '\u0379', '\u{10FFFD}'].map((probe) => draw(context, probe));
  const oneBox = first!.pixels === second!.pixels;
  const missing = new Set<string>();
  for (const character of new Set(text)) {
    if (/[\s\p{M}\p{Cf}]/u.test(character)) continue;
    const drawn = draw(context, character);
    const like = character.codePointAt(0)! > 0xffff ? astral! : first!;
    if (oneBox ? drawn.pixels === like.pixels : drawn.metrics === like.metrics) missing.add(character);
  }
  return [...missing];
}
