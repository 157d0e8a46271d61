// fast-check arbitraries derived from the JSON schemas the API description emits (not a test file).
// Only the shapes the description uses are understood; any other shape throws, so a new kind of
// field makes the generated-request test fail until this mapper learns it.
import fc from "fast-check";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  format?: string;
};

/** An uploaded file as the generator chooses it: bytes, a name and a type. */
export type Upload = { bytes: Uint8Array<ArrayBuffer>; name: string; type: string };

/** Record ids without an upper bound are drawn from the first few, so they meet real records. */
const ID_RANGE_MAX = 10;
/** Generated text stays short unless the schema asks for more: long text has its own invalid case. */
const TEXT_MAX = 40;

const hangul = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((code) => String.fromCharCode(code));
const readable = fc.constantFrom(..."abcXYZ019 -_./:?&=");

/** Addresses: any web address, and ones on the hosts the site's allowlists name (a partner link, a chatbot script, a KakaoTalk channel). */
const addresses = fc.oneof(
  fc.webUrl(),
  fc.constantFrom("https://link.coupang.com/a/b", "https://www.chatbase.co/embed.min.js", "https://pf.kakao.com/_xkAbc"),
);

function text(minLength: number, maxLength: number) {
  const max = Math.max(minLength, Math.min(maxLength, TEXT_MAX));
  return fc.oneof(fc.string({ unit: fc.oneof(hangul, readable), minLength, maxLength: max }), fc.string({ minLength, maxLength: max }));
}

export class SchemaArbitraries {
  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly uploads: fc.Arbitrary<Upload>,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace("#/components/schemas/", "");
    const target = this.components[name];
    if (!target) throw new Error(`unknown $ref ${schema.$ref}`);
    return this.resolve(target);
  }

  /** Values the schema allows. */
  valid(input: JsonSchema): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => this.valid(option)));
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case "string":
        if (schema.format === "binary") return this.uploads;
        if (schema.pattern) {
          const { minLength = 0, maxLength = Infinity } = schema;
          return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= minLength && value.length <= maxLength);
        }
        if (schema.format === "uri") return addresses.filter((value) => value.length <= (schema.maxLength ?? Infinity));
        return text(schema.minLength ?? 0, schema.maxLength ?? Infinity);
      case "integer":
        return fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? Math.max(ID_RANGE_MAX, schema.minimum ?? 0) });
      case "boolean":
        return fc.boolean();
      case "array":
        return fc.array(this.valid(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
      case "object":
        return this.object(schema);
      default:
        throw new Error(`no arbitrary for the schema ${JSON.stringify(schema)}`);
    }
  }

  object(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, this.valid(property)]));
    return fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
  }
}

/** Text made to trouble a parser: controls, bidi overrides, lone surrogates, markup, paths, SQL. */
export const oddText = fc.constantFrom(
  "\u0000",
  "a\u202Eb",
  "\u200B\u3164",
  "\uD800",
  "😀".repeat(30),
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "' OR 1=1 --",
  "%00%2e%2e",
  "0x10",
  " 1",
  "1e3",
  "-1",
  "null",
  "true",
);

/** A value of some other type than a field expects. */
export const wrongValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e300, [], {}, [1, 2], { index: 1 }, ""),
  oddText,
  fc.string({ minLength: 0, maxLength: 8 }),
);
