import type { TestProject } from "vitest/node";
import { buildTestTemplates, dropTestTemplates } from "./template-database.ts";
import type { TestTemplates } from "./test-app.ts";

declare module "vitest" {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

/** Once per run: the migrated templates every test file's database is copied from (test-app.ts). */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  const templates = await buildTestTemplates(adminUrl);
  project.provide("testTemplates", templates);
  return async () => {
    await dropTestTemplates(templates, adminUrl);
  };
}
