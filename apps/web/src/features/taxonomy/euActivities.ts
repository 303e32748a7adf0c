import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryOptions, type Answer } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';

/**
 * The EU activities named in the UI language. The language is part of the key: the API names them
 * per request language, and the list is kept for the session.
 */
export function useEuActivities(): EuActivityOption[] {
  const base = queryOptions('taxEuActivities');
  return (
    useQuery({ ...base, queryKey: [...base.queryKey, currentLanguage()], staleTime: Infinity }).data?.[
      'hydra:member'
    ] ?? []
  );
}

/** The activity's name in the UI language, by id (the saved activity carries the name of its request). */
export function useEuActivityName(): (ref: { id: string; name: string }) => string {
  const all = useEuActivities();
  return useCallback((ref) => all.find((a) => a.id === ref.id)?.name ?? ref.name, [all]);
}

export type EuActivityOption = Answer<'taxEuActivities'>['hydra:member'][number];

const fold = (s: string) =>
  s.toLocaleLowerCase('de').normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');

/** Search over the code ("6.6", "CCM 6.6"), both names and the NACE codes: every word must match. */
export function filterEuActivities(options: EuActivityOption[], input: string): EuActivityOption[] {
  const words = fold(input).split(/\s+/).filter(Boolean);
  if (!words.length) return options;
  return options.filter((a) => {
    const hay = fold(
      [
        a.ref ?? '',
        a.names.de,
        a.names.en,
        a.sector,
        ...a.objectives.map((o) => `${o} ${a.ref ?? ''}`),
        ...a.naceCodes,
      ].join(' '),
    );
    return words.every((w) => hay.includes(w));
  });
}
