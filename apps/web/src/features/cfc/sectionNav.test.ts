import { describe, expect, it } from 'vitest';
import { editPath, findSection, leafSections, resolveSection, sectionNeighbours } from './sectionNav.ts';

// A cut of the CFC tree: scope 1 with a parent (mobile) of two subsections, scope 3 with business travel.
const tree = [
  {
    internalName: 'scope1',
    subsections: [
      { internalName: 'stationary' },
      { internalName: 'mobile', subsections: [{ internalName: 'cars' }, { internalName: 'trucks' }] },
      { internalName: 'fugitive' },
    ],
  },
  { internalName: 'scope2', subsections: [{ internalName: 'electricity' }] },
  {
    internalName: 'scope3',
    subsections: [
      { internalName: 'waste' },
      { internalName: 'travel', subsections: [{ internalName: 'flights' }, { internalName: 'hotels' }] },
    ],
  },
];

describe('section navigation (seed 001 §4)', () => {
  it('lists the sections a user lands on in tree order', () => {
    expect(leafSections(tree).map((s) => s.internalName)).toEqual([
      'stationary',
      'cars',
      'trucks',
      'fugitive',
      'electricity',
      'waste',
      'flights',
      'hotels',
    ]);
  });

  it('enters a parent section at its first subsection, a scope at its first section', () => {
    expect(resolveSection(tree, 'mobile')?.internalName).toBe('cars');
    expect(resolveSection(tree, 'scope3')?.internalName).toBe('waste');
    expect(resolveSection(tree, 'trucks')?.internalName).toBe('trucks');
  });

  it('opens the first section without a name or with an unknown one', () => {
    expect(resolveSection(tree, undefined)?.internalName).toBe('stationary');
    expect(resolveSection(tree, 'nope')?.internalName).toBe('stationary');
    expect(resolveSection([], 'x')).toBeNull();
  });

  it('goes forward into the first subsection and back from the following section to the last one', () => {
    expect(sectionNeighbours(tree, 'stationary').next?.internalName).toBe('cars');
    expect(sectionNeighbours(tree, 'fugitive').previous?.internalName).toBe('trucks');
    expect(sectionNeighbours(tree, 'waste').next?.internalName).toBe('flights');
  });

  it('moves across scopes', () => {
    expect(sectionNeighbours(tree, 'fugitive').next?.internalName).toBe('electricity');
    expect(sectionNeighbours(tree, 'electricity').previous?.internalName).toBe('fugitive');
    expect(sectionNeighbours(tree, 'electricity').next?.internalName).toBe('waste');
  });

  it('has no section past either end', () => {
    expect(sectionNeighbours(tree, 'stationary').previous).toBeNull();
    expect(sectionNeighbours(tree, 'hotels').next).toBeNull();
  });

  it('treats a parent address as its first subsection', () => {
    const n = sectionNeighbours(tree, 'travel');
    expect(n.previous?.internalName).toBe('waste');
    expect(n.next?.internalName).toBe('hotels');
  });

  it('finds a nested section and writes the editor address', () => {
    expect(findSection(tree, 'hotels')?.internalName).toBe('hotels');
    expect(editPath('zentrale-hamburg', 2026, 'flights')).toBe('/cfc/edit/zentrale-hamburg/2026/flights');
    expect(editPath('a b', 2026)).toBe('/cfc/edit/a%20b/2026');
  });
});
