// drizzle-kit: generates SQL migrations from the server's schema (`npx drizzle-kit generate`); they are
// committed and applied at start by src/server/platform/db/migrate.ts.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/platform/db/schema.ts',
  out: './src/server/platform/db/migrations',
});
