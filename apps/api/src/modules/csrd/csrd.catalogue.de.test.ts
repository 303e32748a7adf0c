import { describe, expect, it } from 'vitest';
import { DR_TITLES_DE, MATTER_NAMES_DE } from './data/esrs.de.ts';
import { DISCLOSURE_REQUIREMENTS, MATTERS, drsOf, localizedMatter } from './csrd.catalogue.ts';

describe('the German ESRS titles (German edition of Delegated Regulation (EU) 2023/2772)', () => {
  it('title every disclosure requirement and AR 16 matter, and nothing else', () => {
    expect(Object.keys(DR_TITLES_DE).sort()).toEqual(DISCLOSURE_REQUIREMENTS.map((d) => d.code).sort());
    expect(Object.keys(MATTER_NAMES_DE).sort()).toEqual(MATTERS.map((m) => m.id).sort());
    for (const title of [...Object.values(DR_TITLES_DE), ...Object.values(MATTER_NAMES_DE)])
      expect(title).not.toMatch(/\b(?:the|and|of|related|with|for)\b/);
  });

  it('are what a German reader gets; English stays as the catalogue has it', () => {
    expect(drsOf('E1', 'de').find((d) => d.code === 'E1-6')?.title).toBe(
      'THG-Bruttoemissionen der Kategorien Scope 1, 2 und 3 sowie THG-Gesamtemissionen',
    );
    expect(drsOf('E1', 'en').find((d) => d.code === 'E1-6')?.title).toBe(
      'Gross Scopes 1, 2, 3 and Total GHG emissions',
    );
    expect(drsOf('S2', 'de').find((d) => d.code === 'S2-3')?.title).toBe(
      'Verfahren zur Behebung negativer Auswirkungen und Kanäle, über die Arbeitskräfte in der Wertschöpfungskette Bedenken äußern können',
    );
    const mitigation = MATTERS.find((m) => m.id === 'E1.2')!;
    expect(localizedMatter(mitigation, 'de')).toMatchObject({
      name: 'Klimaschutz',
      topic: 'Klimawandel',
      subTopic: 'Klimaschutz',
      subSubTopic: null,
    });
    expect(
      localizedMatter(
        MATTERS.find((m) => m.id === 'E3.1.2')!,
        'de',
      ),
    ).toMatchObject({
      name: 'Wasserentnahme',
      subTopic: 'Wasser',
      subSubTopic: 'Wasserentnahme',
    });
    expect(localizedMatter(mitigation, 'en')).toBe(mitigation);
  });
});
