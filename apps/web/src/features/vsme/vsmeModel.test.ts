import { describe, expect, it } from 'vitest';
import type { VsmeGroup } from '@klimadesk/contract/vsme/catalogue';
import type { VsmeFact } from '@klimadesk/contract/vsme/schemas';
import { applies, fromShown, groupProgress, sameValue, shownText, tableRows } from './vsmeModel.ts';

const fact = (concept: string, member: string, value: VsmeFact['value']): [string, VsmeFact] => [
  `${concept}|${member}`,
  { concept, member, value, origin: 'entered', prefill: null, overrideReason: null, updatedAt: null },
];
const dp = (concept: string) => ({
  concept,
  kind: 'string' as const,
  dataType: 'xbrli:stringItemType',
  periodType: 'instant' as const,
  balance: null,
  label: concept,
  documentation: null,
  unit: null,
  domain: null,
  depth: 0,
  applicableWhen: null,
  reference: null,
  prefillable: false,
});

describe('VSME screen model', () => {
  it('shows percentages in per cent and intensities per EUR million, and reads them back', () => {
    // 0.125 stored (XBRL pure) is 12.5 %; 0.0000556041 t/EUR is 55.604 t per EUR million.
    expect(shownText('percent', 0.125, 'de')).toBe('12,5');
    expect(shownText('intensity', 0.0000556041, 'en')).toBe('55.604');
    expect(fromShown('percent', 12.5)).toBe(0.125);
    expect(shownText('ghg', 25.7082, 'de')).toBe('25,708');
    expect(sameValue(25.7082, 25.70820000001)).toBe(true);
  });

  it('applies a child datapoint only under its parent’s answer', () => {
    const facts = new Map([fact('vsme:Public', '', true), fact('vsme:Form', '', ['vsme:OtherMember'])]);
    expect(applies({ parent: 'vsme:Public', is: 'true' }, facts)).toBe(true);
    expect(applies({ parent: 'vsme:Form', is: 'member', members: ['vsme:OtherMember'] }, facts)).toBe(true);
    expect(applies({ parent: 'vsme:Missing', is: 'true' }, facts)).toBe(false);
  });

  it('lists a typed table’s rows from the report and counts a column filled once one row has it', () => {
    const group: VsmeGroup = {
      id: 'role-103',
      label: 'Sites',
      table: {
        axis: 'vsme:IdentifierOfSiteTypedAxis',
        label: 'Site',
        kind: 'typed',
        members: [],
        domain: null,
      },
      datapoints: [dp('vsme:AddressOfSite'), dp('vsme:CityOfSite')],
    };
    const facts = new Map([
      fact('vsme:CityOfSite', 'typed:HH-1', 'Hamburg'),
      fact('vsme:CityOfSite', 'typed:B-2', 'Bremen'),
    ]);
    expect(tableRows(group, facts)).toEqual(['typed:B-2', 'typed:HH-1']);
    expect(groupProgress(group, facts)).toEqual({ applicable: 2, filled: 1 });
  });
});
