// Every node of a parsed program (acorn's ESTree), depth first: what the widget's release checks look for.
export type AstNode = { type: string; [key: string]: unknown };

export function forEachNode(node: unknown, visit: (node: AstNode) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) forEachNode(child, visit);
    return;
  }
  if (typeof (node as AstNode).type === 'string') visit(node as AstNode);
  for (const value of Object.values(node)) if (value && typeof value === 'object') forEachNode(value, visit);
}
