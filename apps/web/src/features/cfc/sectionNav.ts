/**
 * Section navigation of the report editor (seed 001 §4): previous and next move through the scopes
 * and their sections in tree order. Entering a parent section with subsections goes to its first
 * subsection; going back from the section after a parent lands on that parent's last subsection;
 * past either end there is no section (the editor shows none, the address keeps the report).
 */
export type NavSection = { internalName: string; subsections?: readonly NavSection[] };

/** The sections a user can land on, in order: every section without subsections, depth first. */
export function leafSections<T extends NavSection>(tree: readonly T[]): T[] {
  const out: T[] = [];
  const walk = (nodes: readonly NavSection[]) => {
    for (const node of nodes) {
      if (node.subsections && node.subsections.length > 0) walk(node.subsections);
      else out.push(node as T);
    }
  };
  walk(tree);
  return out;
}

/** Finds a section anywhere in the tree by its internal name. */
export function findSection<T extends NavSection>(tree: readonly T[], name: string): T | null {
  for (const node of tree) {
    if (node.internalName === name) return node;
    const inner = node.subsections ? findSection(node.subsections as readonly T[], name) : null;
    if (inner) return inner;
  }
  return null;
}

/**
 * The section the editor shows for an address: a leaf as it is; a parent enters its first
 * subsection (recursively); an unknown name or no name gives the first section of the tree.
 */
export function resolveSection<T extends NavSection>(tree: readonly T[], name: string | undefined): T | null {
  const found = name ? findSection(tree, name) : null;
  let node: NavSection | null = found ?? leafSections(tree)[0] ?? null;
  while (node?.subsections && node.subsections.length > 0) node = node.subsections[0]!;
  return node as T | null;
}

/** The sections before and after the current one; `null` past either end. */
export function sectionNeighbours<T extends NavSection>(
  tree: readonly T[],
  current: string,
): { previous: T | null; next: T | null } {
  const leaves = leafSections(tree);
  const resolved = resolveSection(tree, current);
  const at = resolved ? leaves.findIndex((s) => s.internalName === resolved.internalName) : -1;
  if (at < 0) return { previous: null, next: null };
  return { previous: leaves[at - 1] ?? null, next: leaves[at + 1] ?? null };
}

/** The editor's address of a section; `results` is the results view (seed 001 §2). */
export function editPath(businessUnitUrlId: string, year: number | string, section?: string): string {
  const base = `/cfc/edit/${encodeURIComponent(businessUnitUrlId)}/${year}`;
  return section ? `${base}/${encodeURIComponent(section)}` : base;
}

export const RESULTS_SECTION = 'results';
