/**
 * Builds the VSME catalogue the vsme module ships (issue 40) from the snapshot of EFRAG's VSME XBRL
 * taxonomy, the converter's disclosure layout and the Units Type Registry in `vsme/` of the shared
 * data (see SOURCES.md there), and writes it gzipped to `apps/api/src/modules/vsme/data/` (SOURCES.md
 * there names source, edition and licence). The derivation is `vsme.catalogue.build.ts`.
 *
 * Usage: node scripts/build-vsme-catalogue.ts [path/to/shared/data/vsme] [output folder]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { VSME_EDITION } from '../packages/contract/src/vsme/catalogue.ts';
import {
  type LayoutJson,
  type TaxonomyJson,
  type UtrEntry,
  buildVsmeCatalogue,
} from '../apps/api/src/modules/vsme/vsme.catalogue.build.ts';
import { CATALOGUE_FILE } from '../apps/api/src/modules/vsme/vsme.catalogue.ts';

const root = join(import.meta.dirname, '..');
const folder = process.argv[2] ?? join(root, '../shared/data/vsme');
const out = process.argv[3] ?? join(root, 'apps/api/src/modules/vsme/data');

const read = (file: string) => readFileSync(join(folder, file));
const taxonomyFile = `vsme-${VSME_EDITION}.json`;
const taxonomy = JSON.parse(read(taxonomyFile).toString('utf8')) as TaxonomyJson;
const layout = JSON.parse(read('vsme-disclosures.json').toString('utf8')) as LayoutJson;
const utr = (JSON.parse(read('utr.json').toString('utf8')) as { utr: UtrEntry[] }).utr;

const catalogue = buildVsmeCatalogue(taxonomy, layout, utr);
const json = JSON.stringify(catalogue);
mkdirSync(out, { recursive: true });
// mtime 0 in the gzip header: the same input writes the same bytes.
writeFileSync(join(out, CATALOGUE_FILE), gzipSync(Buffer.from(json), { level: 9 }));
const sha = (file: string) => createHash('sha256').update(read(file)).digest('hex');
const datapoints = catalogue.disclosures.flatMap((d) => d.groups.flatMap((g) => g.datapoints));
writeFileSync(
  join(out, 'manifest.json'),
  `${JSON.stringify(
    {
      edition: catalogue.edition,
      entryPoint: catalogue.entryPoint,
      sources: Object.fromEntries(
        [taxonomyFile, 'vsme-disclosures.json', 'utr.json'].map((f) => [f, `sha256:${sha(f)}`]),
      ),
      counts: {
        disclosures: catalogue.disclosures.length,
        groups: catalogue.disclosures.reduce((n, d) => n + d.groups.length, 0),
        datapoints: datapoints.length,
        germanLabels: datapoints.filter((p) => p.labels.de).length,
        domains: Object.keys(catalogue.domains).length,
        units: catalogue.units.length,
      },
    },
    null,
    2,
  )}\n`,
);
console.log(
  `vsme catalogue ${catalogue.edition}: ${catalogue.disclosures.length} disclosures, ${datapoints.length} datapoints, ${json.length} bytes of JSON`,
);
