// console.warn's lines while `run` runs: what an element tells a page's developer.
export async function warnings(run: () => Promise<void>): Promise<string[]> {
  const said: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => said.push(args.join(' '));
  try {
    await run();
  } finally {
    console.warn = warn;
  }
  return said;
}
