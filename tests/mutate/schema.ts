/** mutation-testing-report-schema's JSON schema, as a validator (ajv). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv } from "ajv";

const require = createRequire(import.meta.url);
const schema = JSON.parse(
  readFileSync(require.resolve("mutation-testing-report-schema/mutation-testing-report-schema.json"), "utf8"),
) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

/** "" for a valid mutation-testing report, else the validator's complaints. */
export function schemaErrors(report: unknown): string {
  return validate(report) ? "" : JSON.stringify(validate.errors);
}
