import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The PACT conformance service's JSON schemas of a ProductFootprint (v2.3, v3.0), compiled with
 * Ajv: the tests check every footprint the server writes against what the official conformance
 * testing validates (exchange/fixtures/README.md).
 */
type Validate = ((data: unknown) => boolean) & { errors?: unknown };

export function conformanceValidator(version: '2.3' | '3.0'): Validate {
  const file = join(
    import.meta.dirname,
    '../src/modules/exchange/fixtures',
    `pact-conformance-v${version}-schemas.json`,
  );
  const { schemas } = JSON.parse(readFileSync(file, 'utf8')) as { schemas: Record<string, unknown> };
  const text = JSON.stringify(schemas).replaceAll('#/components/schemas/', '#/$defs/');
  const ajv = new (Ajv as unknown as typeof Ajv.default)({ strict: false, allErrors: true });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  for (const f of ['decimal', 'urn', 'uint', 'int32', 'double']) ajv.addFormat(f, true);
  return ajv.compile({ $defs: JSON.parse(text), $ref: '#/$defs/ProductFootprint' }) as Validate;
}
