// The bench scripts' numeric options: `--name N`, or the fallback when it is not given.
export function numericOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}
