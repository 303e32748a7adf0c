import type { Language } from '@klimadesk/contract/constants';
import { CSRD_UNITS, type CsrdStatus } from '@klimadesk/contract/csrd/reference';
import type {
  IndicatorValue,
  IndicatorValuePatch,
  ScopeEntry,
  ScopeEntryPatch,
} from '@klimadesk/contract/csrd/schemas';
import { parseNumber } from '../../components/format.ts';

/** A scope entry as the form holds it ('' for none). */
export type EntryDraft = { deadline: string; responsibleUser: string; status: CsrdStatus; note: string };

/** An indicator value as the form holds it: the number as typed, the table as rows of cells. */
export type ValueDraft = { unit: string; numeric: string; text: string; table: string[][] };

export function entryDraftOf(entry: ScopeEntry | null | undefined): EntryDraft {
  return {
    deadline: entry?.deadline ?? '',
    responsibleUser: entry?.responsibleUser ?? '',
    status: entry?.status ?? 'todo',
    note: entry?.note ?? '',
  };
}

/** The number as the user's language writes it, without grouping so it can be typed on. */
export function typedNumber(n: number | null, lang: Language): string {
  if (n === null) return '';
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
    useGrouping: false,
    maximumFractionDigits: 10,
  }).format(n);
}

export function valueDraftOf(
  v: IndicatorValue | undefined,
  defaultUnit: string | null,
  lang: Language,
): ValueDraft {
  return {
    unit: v?.unit ?? defaultUnit ?? '',
    numeric: typedNumber(v?.numericValue ?? null, lang),
    text: v?.textValue ?? '',
    table: v?.tableValue ?? [],
  };
}

/** A table without its empty rows and trailing empty cells; null when nothing is left. */
export function cleanTable(table: string[][]): string[][] | null {
  const rows = table.filter((r) => r.some((c) => c.trim() !== ''));
  return rows.length ? rows : null;
}

/** Whether a typed number can be read (empty is fine: no number). */
export function isNumberValid(draft: ValueDraft, lang: Language): boolean {
  return draft.numeric.trim() === '' || Number.isFinite(parseNumber(draft.numeric, lang));
}

/** The API's values of a draft: empty parts become null; a unit only goes with a number. */
/** The parts of a value the topic's drafts hold (the reconciliation note is kept apart). */
export type DraftBody = Required<Omit<IndicatorValuePatch, 'reconciliationNote'>>;

export function valueBodyOf(d: ValueDraft, lang: Language): DraftBody {
  const numeric = d.numeric.trim() === '' ? null : parseNumber(d.numeric, lang);
  return {
    unit: numeric === null || d.unit === '' ? null : (d.unit as DraftBody['unit']),
    numericValue: numeric,
    textValue: d.text.trim() === '' ? null : d.text,
    tableValue: cleanTable(d.table),
  };
}

export const isEmptyBody = (b: DraftBody) =>
  b.numericValue === null && b.textValue === null && b.tableValue === null;

/** The value in the base unit of its type, e.g. 2.500 kg → 2,5 t (CSRD_UNITS `toBase`). */
export function inBaseUnit(value: number, unit: string): { value: number; unit: string } | null {
  const u = CSRD_UNITS.find((x) => x.id === unit);
  if (!u) return null;
  const base = CSRD_UNITS.find((x) => x.unitType === u.unitType);
  if (!base || base.id === u.id) return null;
  return { value: value * u.toBase, unit: base.id };
}

export type SavePlan = {
  entry: { kind: 'create'; body: ScopeEntryPatch } | { kind: 'update'; body: ScopeEntryPatch } | null;
  values: (
    | { kind: 'create'; indicator: string; body: DraftBody }
    | { kind: 'update'; indicator: string; id: string; body: DraftBody }
  )[];
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The calls of one save of a report topic (seed 001 §4: pending creates and updates): the scope
 * entry is created when the topic has none yet and something is to be saved, else patched with
 * the fields that changed; each changed indicator value is created or patched. A value that was
 * never stored and is still empty sends nothing.
 */
export function planReportSave({
  entry,
  entryDraft,
  values,
  saved,
  drafts,
  lang,
}: {
  entry: ScopeEntry | null;
  entryDraft: EntryDraft;
  values: Record<string, IndicatorValue>;
  saved: Record<string, ValueDraft>;
  drafts: Record<string, ValueDraft>;
  lang: Language;
}): SavePlan {
  const before = entryDraftOf(entry);
  const patch: ScopeEntryPatch = {};
  if (entryDraft.deadline !== before.deadline) patch.deadline = entryDraft.deadline || null;
  if (entryDraft.responsibleUser !== before.responsibleUser)
    patch.responsibleUser = entryDraft.responsibleUser || null;
  if (entryDraft.status !== before.status) patch.status = entryDraft.status;
  if (entryDraft.note !== before.note) patch.note = entryDraft.note.trim() || null;
  const plan: SavePlan = { entry: null, values: [] };
  for (const [indicator, draft] of Object.entries(drafts)) {
    if (same(draft, saved[indicator])) continue;
    const body = valueBodyOf(draft, lang);
    const stored = values[indicator];
    if (stored) plan.values.push({ kind: 'update', indicator, id: stored.id, body });
    else if (!isEmptyBody(body)) plan.values.push({ kind: 'create', indicator, body });
  }
  if (!entry && (Object.keys(patch).length > 0 || plan.values.length > 0))
    plan.entry = { kind: 'create', body: patch };
  else if (entry && Object.keys(patch).length > 0) plan.entry = { kind: 'update', body: patch };
  return plan;
}
