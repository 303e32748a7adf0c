import { defineConfig } from 'drizzle-kit';

// The platform tables and one `<module>.schema.ts` per module share one migration history.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/api/src/platform/db/schema.ts', './apps/api/src/modules/*/*.schema.ts'],
  out: './apps/api/drizzle',
});
